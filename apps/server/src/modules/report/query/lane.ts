/**
 * Lets report work through one call per turn of the event loop. Form calls and widget calls share
 * the server's one JavaScript thread: a dashboard opened by eight users sends a hundred widget
 * calls at once, and answered back to back (each is a cache hit, a fraction of a millisecond)
 * they would hold every form call that arrives meanwhile until the last one is answered. Released
 * one per turn (setImmediate), each waiting widget call lets the loop read sockets and database
 * replies first, so a form call waits for at most a turn or two, not for the whole dashboard.
 */
export class TurnLane {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      if (this.waiting.length > 0) this.schedule();
    });
  }

  get length(): number {
    return this.waiting.length;
  }
}
