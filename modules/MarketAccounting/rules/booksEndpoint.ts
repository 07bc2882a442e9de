/** Where the device asks the server for the standard chart (server/booksRoute.ts). */
export const booksEndpoint = '/api/MarketAccounting/books';
