/** Spec §5: numeric helpers accept digits only, or an amount with at most two decimals. */
export const onlyDigits = (text: string) => text.replace(/\D/g, '');
export const isDigits = (text: string) => /^\d+$/.test(text);
export const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text);
