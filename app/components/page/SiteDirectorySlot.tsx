// Where the site directory goes (development URL mode). Its markup is static (links, a GET search form,
// pagination) and entry.server writes it into this slot, as it does the consent banner: React hydrates an
// empty slot and leaves what the server wrote, so the directory's view is in no page's JavaScript.
export const SITE_DIRECTORY_SLOT_ID = "site-directory";

export function SiteDirectorySlot() {
  return <div id={SITE_DIRECTORY_SLOT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
