import { usePageContext } from "../page-context";

// Interface words the behaviours add (copy, play, on this page…). English, French and German are
// written; other languages fall back to English until translated. (ui-strings.ts belongs to the
// shell; these live beside the behaviours that use them.)
const en = {
  copyNumber: "Copy number",
  copied: "Copied",
  playVideo: "Play video",
  videoLoading: "Loading video…",
  videoUnavailable: "The video could not be loaded. Watch it on YouTube",
  onThisPage: "On this page",
  dismiss: "Dismiss",
  notifications: "Notifications",
  retry: "Try again",
  downloading: "Preparing download…",
  opensInPopup: "opens in a small window",
  preferEmail: "Prefer email?",
  emailUs: "Email us",
  emailUsIntro: "Write to us and we will answer within one working day.",
} as const;
export type BehaviourStringKey = keyof typeof en;

const dictionaries: Record<string, Partial<Record<BehaviourStringKey, string>>> = {
  en,
  fr: { copyNumber: "Copier le numéro", copied: "Copié", playVideo: "Lire la vidéo", videoLoading: "Chargement de la vidéo…", videoUnavailable: "La vidéo n'a pas pu être chargée. La regarder sur YouTube", onThisPage: "Sur cette page", dismiss: "Fermer", notifications: "Notifications", retry: "Réessayer", downloading: "Préparation du téléchargement…", opensInPopup: "s'ouvre dans une petite fenêtre", preferEmail: "Vous préférez l'e-mail ?", emailUs: "Écrivez-nous", emailUsIntro: "Écrivez-nous, nous répondons sous un jour ouvré." },
  de: { copyNumber: "Nummer kopieren", copied: "Kopiert", playVideo: "Video abspielen", videoLoading: "Video wird geladen…", videoUnavailable: "Das Video konnte nicht geladen werden. Auf YouTube ansehen", onThisPage: "Auf dieser Seite", dismiss: "Schließen", notifications: "Benachrichtigungen", retry: "Erneut versuchen", downloading: "Download wird vorbereitet…", opensInPopup: "öffnet sich in einem kleinen Fenster", preferEmail: "Lieber per E-Mail?", emailUs: "Schreiben Sie uns", emailUsIntro: "Schreiben Sie uns, wir antworten innerhalb eines Werktags." },
};

/** In the page's language (404 pages, which have no page context, use English). */
export function useBehaviourT(): (key: BehaviourStringKey) => string {
  const lang = usePageContext()?.lang ?? "en";
  return (key) => dictionaries[lang]?.[key] ?? en[key];
}
