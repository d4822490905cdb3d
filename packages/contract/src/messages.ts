/**
 * Validation and error messages shared by server and web, worded exactly as SPEC §5 and §8 give them.
 * Every builder takes the field's human label (e.g. 'Name') and returns the sentence shown to the user.
 */

/** SPEC §5: '{label} is required.' */
export const required = (label: string): string => `${label} is required.`;
/** SPEC §5: '{label} must be checked.' for a required checkbox left unchecked. */
export const mustBeChecked = (label: string): string => `${label} must be checked.`;
/** SPEC §5: '{label} must be a number.' */
export const mustBeNumber = (label: string): string => `${label} must be a number.`;
/** SPEC §5: '{label} must be at least {min}.' for numbers. */
export const atLeast = (label: string, min: number): string => `${label} must be at least ${min}.`;
/** SPEC §5: '{label} must be no more than {max}.' for numbers. */
export const noMoreThan = (label: string, max: number): string => `${label} must be no more than ${max}.`;
/** SPEC §5: '{label} must be at least {n} characters.' */
export const minLength = (label: string, n: number): string => `${label} must be at least ${n} characters.`;
/** SPEC §5: '{label} must be no more than {n} characters.' */
export const maxLength = (label: string, n: number): string => `${label} must be no more than ${n} characters.`;
/** SPEC §5: '{label} is invalid.' for a pattern mismatch. */
export const invalid = (label: string): string => `${label} is invalid.`;
/** SPEC §5: '{label} must be a valid email address.' */
export const invalidEmail = (label: string): string => `${label} must be a valid email address.`;
/** SPEC §5 (events): 'Invalid JSON in {field label}. Please correct it.' */
export const invalidJsonIn = (label: string): string => `Invalid JSON in ${label}. Please correct it.`;
/** A whole number is expected (quantities, objective targets). */
export const mustBeWholeNumber = (label: string): string => `${label} must be a whole number.`;
/** A boolean is expected (checkboxes sent as true/false). */
export const mustBeBoolean = (label: string): string => `${label} must be true or false.`;
/** A text value is expected but something else was sent. */
export const mustBeText = (label: string): string => `${label} must be text.`;
/** One of a closed list of values is expected. */
export const mustBeOneOf = (label: string, values: readonly string[]): string => `${label} must be one of: ${values.join(', ')}.`;
/** A JSON object (not an array or scalar) is expected. */
export const mustBeObject = (label: string): string => `${label} must be a JSON object.`;
/** A date and time in ISO 8601 form is expected. */
export const mustBeDateTime = (label: string): string => `${label} must be a date and time such as 2025-03-14T09:30.`;
/** A date-time outside the years 1 to 9999, which stored text cannot keep in order (issue 20). */
export const dateTimeYearOutOfRange = (label: string): string =>
  `${label} must fall in the years 1 to 9999 (in UTC), such as 1900-05-02T16:00:00Z.`;

/** Fixed sentences of SPEC §5 and §8, named by where they appear. */
export const MESSAGES = {
  invalidUuid: 'Must be a valid UUID.',
  passwordsDoNotMatch: 'Passwords do not match',
  propertiesInvalidJson: 'Properties field contains invalid JSON.',
  attributesInvalidJson: 'Error parsing Attributes JSON. Please ensure it is valid JSON.',
  characterNeedsWorld: 'A character can only be created within a world.',
  selectCharacter: 'Please select a character.',
  variableNameEmpty: 'The variable "Name" cannot be empty.',
  variableNameTaken: (name: string): string => `A variable named "${name}" already exists. Please use a unique name.`,
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  loginMissingTokenOrUser: 'Login response did not include token or user.',
  registrationMissingTokenOrUser: 'Registration response did not include token or user.',
  inviteRequestFailed: 'An error occurred. Please try again.',
  inviteRequestReceived: 'Thank you! Your invite request has been received. We will be in touch by email.',
  invalidCredentials: 'Invalid email or password.',
  invalidInviteCode: 'This invite code is not valid or has already been used.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  unauthorized: 'Please sign in to continue.',
  invalidToken: 'Your session is invalid or has expired. Please sign in again.',
  signedOutEverywhere: 'You are signed out on every device. Sign in again to continue.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The database is not answering right now. Nothing was changed; try again in a moment.',
  storageFull: "The server's disk is full, so nothing new can be saved. Nothing was changed; ask the administrator to free some space.",
  validationFailed: 'Some fields are not valid. Please correct them and try again.',
  submissionFailed: 'Submission failed. Please try again.',
  noOtherCharacters: 'No other characters available in this world.',
  loadingCharacters: 'Loading characters...',
  failedToLoadCharacters: 'Failed to load characters',
  relationshipWithSelf: 'A character cannot have a relationship with itself.',
  relationshipExists: 'This character already has a relationship with that character. Edit it instead.',
  payloadTooLarge: 'The request is too large.',
  unsupportedImage: 'The image must be a PNG, JPEG or WebP file of at most 10 MB.',
  noWorlds: "You haven't created any worlds yet. Let's build one!",
  emptyInventory: 'No items in inventory.',
  emptyTimeline: 'This timeline has no events yet.',
  noAttributes: 'No attributes defined.',
  noInstances: 'No characters currently own an instance of this item.',
  unexpectedDataFormat: 'Unexpected data format.',
} as const;

/** SPEC §8 empty list state: 'No {entity}s found.' */
export const noneFound = (entity: string): string => `No ${entity}s found.`;
/** SPEC §8 list load failure fallback: 'Failed to load {item}s. Please try again.' */
export const failedToLoad = (item: string): string => `Failed to load ${item}s. Please try again.`;
/** The 404 message for a missing (or not the caller's) entity, e.g. 'World not found.' */
export const notFoundMessage = (entity: string): string => `${entity} not found.`;
