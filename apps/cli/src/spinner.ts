export interface SpinnerStream {
  write(chunk: string): unknown;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line "Searching…" animation; `stop` erases it so nothing is left behind on the terminal. */
export function startSpinner(stream: SpinnerStream, label: string): { stop(): void } {
  let frame = 0;
  const draw = () => stream.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
  draw();
  const timer = setInterval(draw, 80);
  // The spinner must never keep the process alive on its own.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stream.write('\r\u001b[K');
    },
  };
}
