import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { type JSONRPCMessage, parseJSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

/** Longest line (one JSON-RPC message) read from stdin: the SDK's own limit, 10 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 10 * 1024 * 1024;

// JSON-RPC error codes.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const MAX_ID_CHARS = 128;

/**
 * Finds the top-level `"id"` of a JSON object streamed past it, in one pass and constant memory, so a line
 * too long to keep can still be answered under its own id. Gives up (undefined) on anything unusual.
 */
class TopLevelIdScanner {
  #depth = 0;
  #inString = false;
  #escaped = false;
  #string = '';
  #stringOverflow = false;
  /** The last complete string at depth 1, until a ':' makes it a key or anything else drops it. */
  #lastString: string | undefined;
  #awaitingIdValue = false;
  #value = '';
  #capturing: 'number' | 'string' | undefined;
  id: string | number | undefined;

  push(chunk: string): void {
    for (const ch of chunk) {
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (ch === '\\') this.#escaped = true;
        else if (ch === '"') {
          this.#inString = false;
          if (this.#capturing === 'string') {
            if (!this.#stringOverflow) this.id = this.#string;
            this.#capturing = undefined;
          } else if (this.#depth === 1 && !this.#stringOverflow) this.#lastString = this.#string;
          continue;
        }
        if (this.#string.length < MAX_ID_CHARS) this.#string += ch;
        else this.#stringOverflow = true;
        continue;
      }
      if (this.#capturing === 'number') {
        if (/[-+0-9.eE]/.test(ch) && this.#value.length < 32) {
          this.#value += ch;
          continue;
        }
        const n = Number(this.#value);
        if (Number.isFinite(n)) this.id = n;
        this.#capturing = undefined;
      }
      if (ch === ' ' || ch === '\t' || ch === '\r') continue;
      if (this.#awaitingIdValue) {
        this.#awaitingIdValue = false;
        if (ch === '"') this.#capturing = 'string';
        else if (/[-0-9]/.test(ch)) {
          this.#capturing = 'number';
          this.#value = ch;
          continue;
        }
      }
      if (ch === '"') {
        this.#inString = true;
        this.#string = '';
        this.#stringOverflow = false;
        continue;
      }
      if (ch === ':' && this.#depth === 1 && this.#lastString === 'id') this.#awaitingIdValue = true;
      this.#lastString = undefined;
      if (ch === '{' || ch === '[') this.#depth++;
      else if (ch === '}' || ch === ']') this.#depth--;
    }
  }
}

export interface LineLimitedStdioTransportOptions {
  /** Longest line accepted, in bytes. Default `DEFAULT_MAX_LINE_BYTES`. */
  maxLineBytes?: number;
}

/**
 * MCP over stdio, one JSON-RPC message per line, like the SDK's `StdioServerTransport`, but a line over the
 * limit is skipped as it streams (never buffered) and answered with a JSON-RPC error under its id when one
 * can be found, and a line that is not JSON gets a parse error: the server keeps serving. (The SDK's
 * transport closes on an oversized line, and the process then exits with nothing to wait for.)
 */
export class LineLimitedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #stdin: Readable;
  readonly #stdout: Writable;
  readonly #maxLineBytes: number;
  #chunks: Buffer[] = [];
  #size = 0;
  /** Set while skipping a line over the limit. */
  #skipping: { scanner: TopLevelIdScanner; decoder: StringDecoder } | undefined;
  #started = false;

  constructor(stdin: Readable, stdout: Writable, options: LineLimitedStdioTransportOptions = {}) {
    this.#stdin = stdin;
    this.#stdout = stdout;
    this.#maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('LineLimitedStdioTransport already started');
    this.#started = true;
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onError);
  }

  readonly #onError = (error: Error) => this.onerror?.(error);

  readonly #onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (rest.length > 0) {
      const newline = rest.indexOf(0x0a);
      const part = newline === -1 ? rest : rest.subarray(0, newline);
      if (this.#skipping) this.#skipping.scanner.push(this.#skipping.decoder.write(part));
      else if (this.#size + part.length > this.#maxLineBytes) {
        // Over the limit: what was kept so far and everything up to the newline only feeds the id scanner.
        const skipping = { scanner: new TopLevelIdScanner(), decoder: new StringDecoder('utf8') };
        for (const kept of [...this.#chunks, part]) skipping.scanner.push(skipping.decoder.write(kept));
        this.#chunks = [];
        this.#size = 0;
        this.#skipping = skipping;
      } else if (part.length > 0) {
        this.#chunks.push(part);
        this.#size += part.length;
      }
      if (newline === -1) return;
      rest = rest.subarray(newline + 1);
      this.#endLine();
    }
  };

  #endLine(): void {
    if (this.#skipping) {
      const { id } = this.#skipping.scanner;
      this.#skipping = undefined;
      this.onerror?.(new Error(`a message over ${this.#maxLineBytes} bytes was refused`));
      void this.#answerError(
        id ?? null,
        INVALID_REQUEST,
        `Request too large: messages are limited to ${this.#maxLineBytes} bytes`,
      );
      return;
    }
    const line = Buffer.concat(this.#chunks, this.#size).toString('utf8').replace(/\r$/, '');
    this.#chunks = [];
    this.#size = 0;
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(line));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      void this.#answerError(null, PARSE_ERROR, 'Parse error: each line must be one JSON-RPC message');
      return;
    }
    this.onmessage?.(message);
  }

  #answerError(id: string | number | null, code: number, message: string): Promise<void> {
    // JSON-RPC answers an unreadable request with id null; the SDK's type wants a real id.
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onError);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#chunks = [];
    this.#size = 0;
    this.onclose?.();
  }
}
