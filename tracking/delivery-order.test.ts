import { describe, expect, it, vi } from "vitest";
import { deliveriesInOrder } from "./delivery-order";
import { nextTask } from "./task-scheduling";

describe("deliveriesInOrder", () => {
  it("runs a lone delivery in the task that asked for it", () => {
    const log: string[] = [];
    deliveriesInOrder()(() => log.push("booking_link_clicked"));
    expect(log).toEqual(["booking_link_clicked"]);
  });

  it("spreads a burst over tasks, one delivery each, in order", async () => {
    const log: string[] = [];
    const deliver = deliveriesInOrder();
    for (const name of ["page_viewed", "view_item_list", "price_unavailable"]) deliver(() => log.push(name));
    expect(log).toEqual(["page_viewed"]);
    await nextTask();
    expect(log).toEqual(["page_viewed", "view_item_list"]);
    await vi.waitFor(() => expect(log).toEqual(["page_viewed", "view_item_list", "price_unavailable"]));
  });

  it("keeps order when an event arrives while a burst is still going out", async () => {
    const log: string[] = [];
    const deliver = deliveriesInOrder();
    for (const name of ["a", "b", "c"]) deliver(() => log.push(name));
    await nextTask();
    expect(log).toEqual(["a", "b"]);
    deliver(() => log.push("d"));
    expect(log).toEqual(["a", "b"]);
    await vi.waitFor(() => expect(log).toEqual(["a", "b", "c", "d"]));
    // Once the burst is out, a lone event goes at once again.
    await nextTask();
    deliver(() => log.push("e"));
    expect(log).toEqual(["a", "b", "c", "d", "e"]);
  });
});
