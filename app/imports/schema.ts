import { z } from "zod";

/** The run page's one form: start the import (or run a failed one again). */
export const importRunFormSchema = z.object({ intent: z.literal("import") });
