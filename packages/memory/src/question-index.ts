import { type QuestionShape, questionShape, sameQuestion } from './same-question.ts';

/**
 * Findings by the question they answered: each finding's question reduced to its `QuestionShape`, and
 * the findings filed under its key. A recall looks up the asked question's key (one hash lookup, however
 * many findings are kept) and keeps those `sameQuestion` accepts; no word of a finding's titles or
 * snippets, and no near spelling, can make it answer another question.
 */
export class QuestionIndex {
  readonly #byKey = new Map<string, Set<string>>();
  readonly #shapes = new Map<string, QuestionShape>();

  get size(): number {
    return this.#shapes.size;
  }

  add(id: string, question: string): void {
    if (this.#shapes.has(id)) return;
    const shape = questionShape(question);
    this.#shapes.set(id, shape);
    if (shape.key === '') return;
    let ids = this.#byKey.get(shape.key);
    if (!ids) {
      ids = new Set();
      this.#byKey.set(shape.key, ids);
    }
    ids.add(id);
  }

  remove(id: string): void {
    const shape = this.#shapes.get(id);
    if (!shape) return;
    this.#shapes.delete(id);
    const ids = this.#byKey.get(shape.key);
    ids?.delete(id);
    if (ids?.size === 0) this.#byKey.delete(shape.key);
  }

  /** Ids of the findings whose question is the asked one. */
  find(asked: QuestionShape): string[] {
    const ids = this.#byKey.get(asked.key);
    if (!ids) return [];
    return [...ids].filter((id) => sameQuestion(this.#shapes.get(id)!, asked));
  }
}
