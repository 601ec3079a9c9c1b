/**
 * The error a tool throws so the model reads exactly `message`. The AI SDK hands a thrown error to the
 * model as text: version 6 sends `error.message`, version 7 `error.toString()` ("Error: rate limited").
 * Printing only the message keeps the sentence the same on both, and the same the LiveKit tool says.
 */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';

  override toString(): string {
    return this.message;
  }
}
