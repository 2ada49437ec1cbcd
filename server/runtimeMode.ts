/**
 * The server runs the production builds of its packages unless told otherwise: React (loaded by the
 * header's first-view renderer) reads NODE_ENV when it is first loaded, and without it chose its
 * development build, which checks every element and kept the page server several times slower under
 * load. A NODE_ENV that is set (development, test) is kept.
 */
export function productionByDefault(env: NodeJS.ProcessEnv): void {
  if (!env.NODE_ENV) env.NODE_ENV = 'production'
}
