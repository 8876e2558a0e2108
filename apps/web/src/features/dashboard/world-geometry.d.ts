/** The URL of the world map projected at build time (apps/web/world-geometry.ts). */
declare module 'virtual:world-geometry' {
  const url: string;
  export default url;
}
