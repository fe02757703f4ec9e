export const BRAND = 'Tidemark';
