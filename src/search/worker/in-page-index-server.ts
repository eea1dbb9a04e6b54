/** The global the indexing script leaves its `serveVaultIndex` under when loaded into a page, not a worker. */
export const IN_PAGE_INDEX_SERVER = '__glassboxServeVaultIndex';
