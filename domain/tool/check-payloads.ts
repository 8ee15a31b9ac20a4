import { z } from 'zod';
import { id } from '../shared/primitives';

/**
 * The bodies of the equipment check calls (equipment.md 7), parsed by api/routes/tool-check.ts and
 * described by the OpenAPI document.
 */

/** POST /api/tools_model_fix_pictures: the model whose tools' pictures become its own. */
export const modelPicturesFixSchema = z.object({ modelId: id() });

/** POST /api/tools_models_fix: the model (`modelId`, or the model body with its id, or `id`). */
export const modelFixSchema = z.object({ modelId: id().optional(), model: z.object({ id: id().optional() }).optional(), id: id().optional() });

/** POST /api/tools_copy_traits: a region, or a model (and one of its tools). */
export const copyTraitsSchema = z.object({ regionId: id().nullish(), modelId: id().nullish(), toolId: id().nullish() });
