import { z } from 'zod';

export const ImageUploaded = z.object({ url: z.string() });
export type ImageUploaded = z.infer<typeof ImageUploaded>;
