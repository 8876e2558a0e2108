// Schemas of the dashboard calls (spec §7).
export {};
