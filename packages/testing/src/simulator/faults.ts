import { fromKitBody, type RoutedEndpoint } from './endpoints.ts';
import {
  type AnsweredFault,
  htmlResponse,
  type SimulatedRequest,
  type SimulatedResponse,
} from './simulation.ts';
import { WAF_PAGE } from './text.ts';

/**
 * The answer for a fault that has one (`hang` and `reset` have none: the server acts on the socket): the
 * endpoint's own (its kit's `fault`), else the default: the kit's error envelope with 429 or 503, a WAF's
 * 403 page, or `healthy` cut in half, as a proxy that dropped the connection after a 200 would leave it.
 */
export function faultResponse(
  { kit, spec }: RoutedEndpoint,
  fault: AnsweredFault,
  request: SimulatedRequest,
  healthy: SimulatedResponse,
): SimulatedResponse {
  const own = spec.fault?.(fault, request, healthy);
  if (own) return own;
  switch (fault) {
    case 'rate_limited':
      return fromKitBody(429, kit.error(429, 'Rate limit exceeded. Please slow down your requests.'));
    case 'server_error':
      return fromKitBody(503, kit.error(503, 'Service temporarily unavailable'));
    case 'anomaly':
      return htmlResponse(WAF_PAGE, 403);
    case 'malformed':
      return { ...healthy, status: 200, body: healthy.body.slice(0, Math.floor(healthy.body.length / 2)) };
  }
}
