/** The older analysis tool's limits: at most 50 PDF pages, images of at most 50 MB (decimal). */
export const ANALYZER = { maxPdfPages: 50, maxImageBytes: 50 * 1000 * 1000 };
