/**
 * Intl formatters kept per locale and options, for the web and the Worker. Making one costs 35-135 µs here (ICU), using
 * one about 1 µs, and a list's page formats a hundred dates or more at each render. A formatter reads the time zone
 * when it is made: a system time zone changed while the tab is open shows after a reload.
 */
function kept<Options, Formatter>(make: (locale: string | undefined, options: Options) => Formatter) {
  const made = new Map<string, Formatter>();
  return (locale: string | undefined, options: Options): Formatter => {
    const key = `${locale ?? ""} ${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) made.set(key, (formatter = make(locale, options)));
    return formatter;
  };
}

export const dateTimeFormat = kept(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

export const relativeTimeFormat = kept(
  (locale, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
);

export const numberFormat = kept((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
