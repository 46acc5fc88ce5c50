/**
 * The part of eslint-plugin-jsx-a11y 6.10 that eslint.config.mjs uses; the package ships JavaScript
 * without types, and @types/eslint-plugin-jsx-a11y would bring a second ESLint (it depends on 9).
 */
declare module 'eslint-plugin-jsx-a11y' {
  import type { ESLint, Linter } from 'eslint';

  const plugin: ESLint.Plugin & { flatConfigs: Record<'recommended' | 'strict', Linter.Config> };
  export default plugin;
}
