// Accessible defaults for every PrimeReact control, applied once through
// PrimeReactProvider instead of in each screen.
import { localeOption, updateLocaleOption, type APIOptions } from 'primereact/api';

/**
 * Dropdown: the combobox input (named by its <label for=inputId>) is the one
 * control a screen reader should meet. The hidden native <select> only mirrors
 * the value for forms and the chevron is a mouse affordance of the same
 * combobox, so both leave the accessibility tree instead of appearing as two
 * more unnamed controls.
 * InputSwitch: the inner input is the switch (role=switch, focusable); the
 * wrapper's own role=checkbox made one control nest inside another.
 */
export const primeReactPassThrough: APIOptions['pt'] = {
  dropdown: {
    select: { 'aria-hidden': true },
    trigger: { 'aria-hidden': true },
  },
  inputswitch: {
    root: { role: undefined, 'aria-checked': undefined },
  },
};

/** The paginator's page-size dropdown is announced for what it does. */
export function installPrimeReactLabels() {
  const aria = localeOption('aria', 'en') as Record<string, string>;
  updateLocaleOption('aria', { ...aria, jumpToPageDropdownLabel: 'Rows per page' }, 'en');
}
