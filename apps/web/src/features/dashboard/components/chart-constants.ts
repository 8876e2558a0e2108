/** Spec §9: chart height 300 px. */
export const CHART_HEIGHT = 300;
