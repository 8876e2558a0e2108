// Schemas of the product calls (spec §7).
export {};
