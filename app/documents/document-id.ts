import { recordIdOf } from "~/navigation/id-param";

/** A document id from a URL or form value: a positive 32-bit integer (the column's range), else null. */
export const documentIdOf = recordIdOf;
