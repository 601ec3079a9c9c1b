import type { Env } from '@agent-search/core';

/** LiveKit Inference model strings ("provider/model[:voice]"); LIVEKIT_URL/API_KEY/API_SECRET are read by the framework. */
export interface ModelConfig {
  stt: string;
  llm: string;
  tts: string;
}

export const DEFAULT_MODELS: ModelConfig = {
  stt: 'deepgram/nova-3',
  llm: 'openai/gpt-4.1-mini',
  tts: 'cartesia/sonic-2',
};

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

/** STT_MODEL, LLM_MODEL and TTS_MODEL override the defaults. */
export function readModelConfig(env: Env): ModelConfig {
  return {
    stt: pick(env.STT_MODEL, DEFAULT_MODELS.stt),
    llm: pick(env.LLM_MODEL, DEFAULT_MODELS.llm),
    tts: pick(env.TTS_MODEL, DEFAULT_MODELS.tts),
  };
}
