import { constants } from "node:zlib";
import compression from "compression";

/**
 * Pages (and anything else not pre-compressed) compressed per request: brotli at quality 3 for browsers that
 * accept it, else gzip at its default (6). Measured by `npm run bench:wire` on the booking journey's pages
 * (decision 016): brotli 3 costs about two thirds of gzip 6's CPU for ~9 % more bytes; the `compression`
 * package's default brotli quality (4) costs more CPU than gzip 6 for no fewer bytes.
 */
export const PAGE_BROTLI_QUALITY = 3;

export const pageCompression = () => compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } } });
