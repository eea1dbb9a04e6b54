/**
 * Verified citations (DESIGN.md 13.3): an answer's `[[citations]]` and quotations checked against
 * what the run read. Plain code, no Obsidian, no React, no model: docs/decisions/verified-citations.md.
 */
export { checkCitations, type CitationSources } from './check-citations';
export { verifyCitations, type CitationNotes } from './verify-citations';
export { readAnswerCitations, type AnswerCitations, type AnswerLink, type AnswerQuote } from './answer-citations';
export { citationKey, citationTarget } from './citation-target';
export { summariseCitations, type CitationSummary } from './summarise-citations';
