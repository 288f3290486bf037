/**
 * Whether two values of loader data (plain JSON) have the same content. Loader data is parsed afresh on every
 * navigation inside the app, so a site's header and footer arrive as new objects with the same content: as the
 * props' comparison of a memoised part of the shell, it lets that part skip the new page's render
 * (docs/decisions/045-client-navigation.md).
 */
export const sameContent = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
