import { BEHAVIOUR_STRINGS, BEHAVIOUR_STRINGS_EN } from "./behaviour-strings";
import { DEFAULT_LANGUAGE, type SupportedLanguageCode } from "./languages";

// The storefront's own interface words, in every supported language. Content comes from editors;
// these are the words around it. A missing key in a language falls back to English.

const shellEn = {
  skipToContent: "Skip to content",
  tickets: "Tickets",
  menu: "Menu",
  closeMenu: "Close menu",
  explore: "Explore",
  currency: "Currency",
  language: "Language",
  callUs: "Call us",
  close: "Close",
  back: "Back",
  quickLinks: "Quick links",
  poweredBy: "Powered by Roamly",
  verifiedRetailer: "Official ticket retailer: verify",
  pageNotFound: "Page not found",
  pageNotFoundText: "We couldn't find that page. It may have moved, or the link may be mistyped.",
  goHome: "Go to the home page",
  badRequest: "That address doesn't look right.",
  showingEnglish: "This page isn't available in your language yet, so it is shown in English.",
  from: "from",
  bookNow: "Book now",
  download: "Download",
  downloadFailed: "The download failed. Please try again.",
  reviews: "reviews",
  opensInNewTab: "(opens in a new tab)",
  embeddedContent: "Embedded content",
  calloutInfo: "Information",
  calloutTip: "Tip",
  calloutWarning: "Warning",
  goodToKnow: "Good to know",
  watchVideo: "Watch the video",
  listenOnSpotify: "Listen on Spotify",
  map: "Map",
} as const;

const en = { ...shellEn, ...BEHAVIOUR_STRINGS_EN };
export type UiStringKey = keyof typeof en;
/** One language's complete dictionary, as the server hands it to the page (the browser ships no dictionaries). */
export type UiStrings = Record<UiStringKey, string>;
type Dictionary = Partial<Record<UiStringKey, string>>;

const dictionaries: Record<SupportedLanguageCode, Dictionary> = {
  en,
  it: { skipToContent: "Vai al contenuto", tickets: "Biglietti", menu: "Menu", closeMenu: "Chiudi menu", explore: "Esplora", currency: "Valuta", language: "Lingua", callUs: "Chiamaci", close: "Chiudi", back: "Indietro", quickLinks: "Link rapidi", poweredBy: "Powered by Roamly", verifiedRetailer: "Rivenditore ufficiale: verifica", pageNotFound: "Pagina non trovata", pageNotFoundText: "Non abbiamo trovato questa pagina. Potrebbe essere stata spostata o il link potrebbe contenere un errore.", goHome: "Vai alla home page", badRequest: "Questo indirizzo non sembra corretto.", showingEnglish: "Questa pagina non è ancora disponibile nella tua lingua, quindi è mostrata in inglese.", from: "da", bookNow: "Prenota ora", download: "Scarica", downloadFailed: "Download non riuscito. Riprova.", reviews: "recensioni", opensInNewTab: "(si apre in una nuova scheda)", embeddedContent: "Contenuto incorporato", calloutInfo: "Informazione", calloutTip: "Consiglio", calloutWarning: "Attenzione", goodToKnow: "Da sapere", watchVideo: "Guarda il video", listenOnSpotify: "Ascolta su Spotify", map: "Mappa" },
  es: { skipToContent: "Ir al contenido", tickets: "Entradas", menu: "Menú", closeMenu: "Cerrar menú", explore: "Explorar", currency: "Moneda", language: "Idioma", callUs: "Llámanos", close: "Cerrar", back: "Atrás", quickLinks: "Enlaces rápidos", poweredBy: "Powered by Roamly", verifiedRetailer: "Vendedor oficial: verificar", pageNotFound: "Página no encontrada", pageNotFoundText: "No hemos encontrado esta página. Puede que se haya movido o que el enlace esté mal escrito.", goHome: "Ir a la página de inicio", badRequest: "Esa dirección no parece correcta.", showingEnglish: "Esta página aún no está disponible en tu idioma, así que se muestra en inglés.", from: "desde", bookNow: "Reservar", download: "Descargar", downloadFailed: "La descarga ha fallado. Inténtalo de nuevo.", reviews: "opiniones", opensInNewTab: "(se abre en una pestaña nueva)", embeddedContent: "Contenido insertado", calloutInfo: "Información", calloutTip: "Consejo", calloutWarning: "Aviso", goodToKnow: "Conviene saber", watchVideo: "Ver el vídeo", listenOnSpotify: "Escuchar en Spotify", map: "Mapa" },
  fr: { skipToContent: "Aller au contenu", tickets: "Billets", menu: "Menu", closeMenu: "Fermer le menu", explore: "Explorer", currency: "Devise", language: "Langue", callUs: "Appelez-nous", close: "Fermer", back: "Retour", quickLinks: "Liens rapides", poweredBy: "Powered by Roamly", verifiedRetailer: "Revendeur officiel : vérifier", pageNotFound: "Page introuvable", pageNotFoundText: "Nous n'avons pas trouvé cette page. Elle a peut-être été déplacée, ou le lien est mal saisi.", goHome: "Aller à l'accueil", badRequest: "Cette adresse ne semble pas correcte.", showingEnglish: "Cette page n'est pas encore disponible dans votre langue ; elle est affichée en anglais.", from: "à partir de", bookNow: "Réserver", download: "Télécharger", downloadFailed: "Le téléchargement a échoué. Veuillez réessayer.", reviews: "avis", opensInNewTab: "(s'ouvre dans un nouvel onglet)", embeddedContent: "Contenu intégré", calloutInfo: "Information", calloutTip: "Conseil", calloutWarning: "Attention", goodToKnow: "Bon à savoir", watchVideo: "Voir la vidéo", listenOnSpotify: "Écouter sur Spotify", map: "Carte" },
  de: { skipToContent: "Zum Inhalt springen", tickets: "Tickets", menu: "Menü", closeMenu: "Menü schließen", explore: "Entdecken", currency: "Währung", language: "Sprache", callUs: "Rufen Sie uns an", close: "Schließen", back: "Zurück", quickLinks: "Schnellzugriff", poweredBy: "Powered by Roamly", verifiedRetailer: "Offizieller Verkäufer: prüfen", pageNotFound: "Seite nicht gefunden", pageNotFoundText: "Diese Seite wurde nicht gefunden. Vielleicht wurde sie verschoben oder der Link ist falsch geschrieben.", goHome: "Zur Startseite", badRequest: "Diese Adresse scheint nicht zu stimmen.", showingEnglish: "Diese Seite ist noch nicht in Ihrer Sprache verfügbar und wird daher auf Englisch angezeigt.", from: "ab", bookNow: "Jetzt buchen", download: "Herunterladen", downloadFailed: "Der Download ist fehlgeschlagen. Bitte versuchen Sie es erneut.", reviews: "Bewertungen", opensInNewTab: "(öffnet in einem neuen Tab)", embeddedContent: "Eingebetteter Inhalt", calloutInfo: "Information", calloutTip: "Tipp", calloutWarning: "Achtung", goodToKnow: "Gut zu wissen", watchVideo: "Video ansehen", listenOnSpotify: "Auf Spotify anhören", map: "Karte" },
  nl: { skipToContent: "Naar de inhoud", tickets: "Tickets", menu: "Menu", closeMenu: "Menu sluiten", explore: "Ontdekken", currency: "Valuta", language: "Taal", callUs: "Bel ons", close: "Sluiten", back: "Terug", quickLinks: "Snelle links", poweredBy: "Powered by Roamly", verifiedRetailer: "Officiële verkoper: controleren", pageNotFound: "Pagina niet gevonden", pageNotFoundText: "We konden deze pagina niet vinden. Misschien is ze verplaatst of is de link verkeerd getypt.", goHome: "Naar de startpagina", badRequest: "Dat adres lijkt niet te kloppen.", showingEnglish: "Deze pagina is nog niet beschikbaar in jouw taal en wordt in het Engels getoond.", from: "vanaf", bookNow: "Nu boeken", download: "Downloaden", downloadFailed: "Downloaden mislukt. Probeer het opnieuw.", reviews: "beoordelingen", opensInNewTab: "(opent in een nieuw tabblad)", embeddedContent: "Ingesloten inhoud", calloutInfo: "Informatie", calloutTip: "Tip", calloutWarning: "Let op", goodToKnow: "Goed om te weten", watchVideo: "Bekijk de video", listenOnSpotify: "Luister op Spotify", map: "Kaart" },
  pt: { skipToContent: "Ir para o conteúdo", tickets: "Bilhetes", menu: "Menu", closeMenu: "Fechar menu", explore: "Explorar", currency: "Moeda", language: "Idioma", callUs: "Ligue-nos", close: "Fechar", back: "Voltar", quickLinks: "Links rápidos", poweredBy: "Powered by Roamly", verifiedRetailer: "Revendedor oficial: verificar", pageNotFound: "Página não encontrada", pageNotFoundText: "Não encontrámos esta página. Pode ter sido movida ou o link pode estar incorreto.", goHome: "Ir para a página inicial", badRequest: "Esse endereço não parece correto.", showingEnglish: "Esta página ainda não está disponível no seu idioma, por isso é mostrada em inglês.", from: "desde", bookNow: "Reservar", download: "Descarregar", downloadFailed: "A transferência falhou. Tente novamente.", reviews: "avaliações", opensInNewTab: "(abre num novo separador)", embeddedContent: "Conteúdo incorporado", calloutInfo: "Informação", calloutTip: "Dica", calloutWarning: "Atenção", goodToKnow: "Bom saber", watchVideo: "Ver o vídeo", listenOnSpotify: "Ouvir no Spotify", map: "Mapa" },
  pl: { skipToContent: "Przejdź do treści", tickets: "Bilety", menu: "Menu", closeMenu: "Zamknij menu", explore: "Odkrywaj", currency: "Waluta", language: "Język", callUs: "Zadzwoń do nas", close: "Zamknij", back: "Wstecz", quickLinks: "Szybkie linki", poweredBy: "Powered by Roamly", verifiedRetailer: "Oficjalny sprzedawca: sprawdź", pageNotFound: "Nie znaleziono strony", pageNotFoundText: "Nie znaleźliśmy tej strony. Mogła zostać przeniesiona lub link zawiera błąd.", goHome: "Przejdź do strony głównej", badRequest: "Ten adres wygląda na niepoprawny.", showingEnglish: "Ta strona nie jest jeszcze dostępna w Twoim języku, dlatego wyświetlamy ją po angielsku.", from: "od", bookNow: "Zarezerwuj", download: "Pobierz", downloadFailed: "Pobieranie nie powiodło się. Spróbuj ponownie.", reviews: "opinii", opensInNewTab: "(otwiera się w nowej karcie)", embeddedContent: "Osadzona treść", calloutInfo: "Informacja", calloutTip: "Wskazówka", calloutWarning: "Uwaga", goodToKnow: "Warto wiedzieć", watchVideo: "Obejrzyj film", listenOnSpotify: "Słuchaj w Spotify", map: "Mapa" },
  ru: { skipToContent: "Перейти к содержанию", tickets: "Билеты", menu: "Меню", closeMenu: "Закрыть меню", explore: "Обзор", currency: "Валюта", language: "Язык", callUs: "Позвоните нам", close: "Закрыть", back: "Назад", quickLinks: "Быстрые ссылки", poweredBy: "Powered by Roamly", verifiedRetailer: "Официальный продавец: проверить", pageNotFound: "Страница не найдена", pageNotFoundText: "Мы не нашли эту страницу. Возможно, она перемещена или ссылка набрана с ошибкой.", goHome: "На главную", badRequest: "Этот адрес выглядит неверно.", showingEnglish: "Эта страница пока недоступна на вашем языке, поэтому показана на английском.", from: "от", bookNow: "Забронировать", download: "Скачать", downloadFailed: "Не удалось скачать файл. Попробуйте ещё раз.", reviews: "отзывов", opensInNewTab: "(откроется в новой вкладке)", embeddedContent: "Встроенное содержимое", calloutInfo: "Информация", calloutTip: "Совет", calloutWarning: "Внимание", goodToKnow: "Полезно знать", watchVideo: "Смотреть видео", listenOnSpotify: "Слушать в Spotify", map: "Карта" },
  da: { skipToContent: "Gå til indhold", tickets: "Billetter", menu: "Menu", closeMenu: "Luk menu", explore: "Udforsk", currency: "Valuta", language: "Sprog", callUs: "Ring til os", close: "Luk", back: "Tilbage", quickLinks: "Genveje", poweredBy: "Powered by Roamly", verifiedRetailer: "Officiel forhandler: bekræft", pageNotFound: "Siden blev ikke fundet", pageNotFoundText: "Vi kunne ikke finde siden. Den kan være flyttet, eller linket kan være stavet forkert.", goHome: "Gå til forsiden", badRequest: "Den adresse ser ikke rigtig ud.", showingEnglish: "Denne side findes endnu ikke på dit sprog, så den vises på engelsk.", from: "fra", bookNow: "Book nu", download: "Download", downloadFailed: "Download mislykkedes. Prøv igen.", reviews: "anmeldelser", opensInNewTab: "(åbner i en ny fane)", embeddedContent: "Indlejret indhold", calloutInfo: "Information", calloutTip: "Tip", calloutWarning: "Bemærk", goodToKnow: "Godt at vide", watchVideo: "Se videoen", listenOnSpotify: "Lyt på Spotify", map: "Kort" },
  no: { skipToContent: "Gå til innhold", tickets: "Billetter", menu: "Meny", closeMenu: "Lukk meny", explore: "Utforsk", currency: "Valuta", language: "Språk", callUs: "Ring oss", close: "Lukk", back: "Tilbake", quickLinks: "Hurtiglenker", poweredBy: "Powered by Roamly", verifiedRetailer: "Offisiell forhandler: bekreft", pageNotFound: "Fant ikke siden", pageNotFoundText: "Vi fant ikke denne siden. Den kan være flyttet, eller lenken kan være feilskrevet.", goHome: "Gå til forsiden", badRequest: "Den adressen ser ikke riktig ut.", showingEnglish: "Denne siden finnes ikke på ditt språk ennå, så den vises på engelsk.", from: "fra", bookNow: "Bestill nå", download: "Last ned", downloadFailed: "Nedlastingen mislyktes. Prøv igjen.", reviews: "anmeldelser", opensInNewTab: "(åpnes i en ny fane)", embeddedContent: "Innebygd innhold", calloutInfo: "Informasjon", calloutTip: "Tips", calloutWarning: "Obs", goodToKnow: "Greit å vite", watchVideo: "Se videoen", listenOnSpotify: "Lytt på Spotify", map: "Kart" },
  ro: { skipToContent: "Sari la conținut", tickets: "Bilete", menu: "Meniu", closeMenu: "Închide meniul", explore: "Explorează", currency: "Monedă", language: "Limbă", callUs: "Sună-ne", close: "Închide", back: "Înapoi", quickLinks: "Linkuri rapide", poweredBy: "Powered by Roamly", verifiedRetailer: "Vânzător oficial: verifică", pageNotFound: "Pagina nu a fost găsită", pageNotFoundText: "Nu am găsit această pagină. Poate a fost mutată sau linkul este greșit.", goHome: "Mergi la pagina principală", badRequest: "Adresa nu pare corectă.", showingEnglish: "Această pagină nu este încă disponibilă în limba ta, așa că este afișată în engleză.", from: "de la", bookNow: "Rezervă acum", download: "Descarcă", downloadFailed: "Descărcarea a eșuat. Încearcă din nou.", reviews: "recenzii", opensInNewTab: "(se deschide într-o filă nouă)", embeddedContent: "Conținut încorporat", calloutInfo: "Informație", calloutTip: "Sfat", calloutWarning: "Atenție", goodToKnow: "Bine de știut", watchVideo: "Urmărește videoclipul", listenOnSpotify: "Ascultă pe Spotify", map: "Hartă" },
  sv: { skipToContent: "Hoppa till innehållet", tickets: "Biljetter", menu: "Meny", closeMenu: "Stäng menyn", explore: "Utforska", currency: "Valuta", language: "Språk", callUs: "Ring oss", close: "Stäng", back: "Tillbaka", quickLinks: "Snabblänkar", poweredBy: "Powered by Roamly", verifiedRetailer: "Officiell återförsäljare: verifiera", pageNotFound: "Sidan hittades inte", pageNotFoundText: "Vi hittade inte sidan. Den kan ha flyttats, eller så är länken felstavad.", goHome: "Till startsidan", badRequest: "Adressen ser inte rätt ut.", showingEnglish: "Sidan finns inte på ditt språk ännu, så den visas på engelska.", from: "från", bookNow: "Boka nu", download: "Ladda ner", downloadFailed: "Nedladdningen misslyckades. Försök igen.", reviews: "omdömen", opensInNewTab: "(öppnas i en ny flik)", embeddedContent: "Inbäddat innehåll", calloutInfo: "Information", calloutTip: "Tips", calloutWarning: "Observera", goodToKnow: "Bra att veta", watchVideo: "Se videon", listenOnSpotify: "Lyssna på Spotify", map: "Karta" },
  tr: { skipToContent: "İçeriğe geç", tickets: "Biletler", menu: "Menü", closeMenu: "Menüyü kapat", explore: "Keşfet", currency: "Para birimi", language: "Dil", callUs: "Bizi arayın", close: "Kapat", back: "Geri", quickLinks: "Hızlı bağlantılar", poweredBy: "Powered by Roamly", verifiedRetailer: "Resmi satıcı: doğrula", pageNotFound: "Sayfa bulunamadı", pageNotFoundText: "Bu sayfayı bulamadık. Taşınmış olabilir ya da bağlantı hatalı yazılmış olabilir.", goHome: "Ana sayfaya git", badRequest: "Bu adres doğru görünmüyor.", showingEnglish: "Bu sayfa henüz dilinizde mevcut değil, bu yüzden İngilizce gösteriliyor.", from: "başlangıç", bookNow: "Hemen rezervasyon yap", download: "İndir", downloadFailed: "İndirme başarısız oldu. Lütfen tekrar deneyin.", reviews: "değerlendirme", opensInNewTab: "(yeni sekmede açılır)", embeddedContent: "Gömülü içerik", calloutInfo: "Bilgi", calloutTip: "İpucu", calloutWarning: "Uyarı", goodToKnow: "Bilmekte fayda var", watchVideo: "Videoyu izle", listenOnSpotify: "Spotify'da dinle", map: "Harita" },
};

function dictionaryFor(lang: string): Dictionary {
  const shell = (dictionaries as Record<string, Dictionary>)[lang] ?? dictionaries[DEFAULT_LANGUAGE];
  return { ...BEHAVIOUR_STRINGS[lang], ...shell };
}

export function uiString(lang: string, key: UiStringKey): string {
  return dictionaryFor(lang)[key] ?? en[key];
}

/** The complete dictionary for a language; a key missing in it falls back to English. */
export function uiDictionary(lang: string): UiStrings {
  return { ...en, ...dictionaryFor(lang) };
}

/** For tests: every language's dictionary (shell and behaviour words together). */
export const UI_DICTIONARIES = Object.fromEntries(
  Object.keys(dictionaries).map((lang) => [lang, dictionaryFor(lang)]),
) as Record<SupportedLanguageCode, Dictionary>;
export const UI_STRING_KEYS = Object.keys(en) as UiStringKey[];
