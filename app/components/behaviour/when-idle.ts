// The one idle helper lives in tracking/ (the lowest floor that needs it), so the page and the pipeline share it.
export { whenIdle } from "../../../tracking/when-idle";
