/** The fields the baseline's global filter searches (the bench computes its expected results with the same list). */
export const GLOBAL_FILTER_FIELDS = ['name', 'category', 'color', 'material'];
