/** The product's colours (the specification's blue), shared by the login page and the admin theme. */
export const BRAND = { primary: '#1f8a94', secondary: '#3ac9d6' } as const;
