import { nextTask } from "./task-scheduling";

/**
 * Runs deliveries in order: at once when nothing is waiting, otherwise one per task. When the pipeline
 * connects, the events a page fired while it loaded (page_viewed, view_item_list, price_unavailable…)
 * arrive together, and validating and pushing them in one go was a task of about 20 ms, four times that
 * on a phone. A lone event (a click on a booking link that is about to leave the page) still reaches
 * the data layer in the task that fired it. Each delivery stays whole, so an ecommerce event's
 * `{ ecommerce: null }` and its push are never split.
 */
export function deliveriesInOrder(): (delivery: () => void) => void {
  const waiting: Array<() => void> = [];
  let busy = false;
  // Busy until the task after a delivery: events fired in the same task wait for tasks of their own.
  async function drain() {
    do {
      await nextTask();
      waiting.shift()?.();
    } while (waiting.length > 0);
    busy = false;
  }
  return (delivery) => {
    if (busy) {
      waiting.push(delivery);
      return;
    }
    busy = true;
    delivery();
    void drain();
  };
}
