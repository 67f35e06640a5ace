export { parseMessage, messageParams, MessageSyntaxError, PLURAL_CATEGORIES, type MessagePart, type PluralCategory } from './parseMessage';
export { formatMessage, type MessageFormatters } from './formatMessage';
export { flattenMessages } from './flattenMessages';
export { UI_LANGUAGES, DEFAULT_LANGUAGE, languageTag, isUiLanguage, resolveUiLanguage, type UiLanguage, type UiLanguagePreference } from './languages';
export { checkLocale, type LocaleProblem } from './checkLocale';
export { paramText, type MessageParam, type TranslateFn } from './messageParam';
export { untranslatedKeys, wordsLeft, SAME_IN_EVERY_LANGUAGE } from './untranslated';
export { createTranslator, type Translator } from './createTranslator';
