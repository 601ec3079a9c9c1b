import { z } from 'zod';

/**
 * An optional argument the tool normalizes itself (a count, a mode, a time range): a string, a number
 * or a boolean. Small models quote numbers ("5") and put numbers where words belong; core's normalizers
 * turn an odd value into the default, so it degrades instead of failing the whole call as
 * "Invalid arguments".
 */
export const lenientScalar = () => z.union([z.string(), z.number(), z.boolean()]).nullish();
