/** See preact-aliases.cjs: React's module names -> Preact's. */
declare const preactAliases: Readonly<Record<string, string>>;
export = preactAliases;
