// The rule is shared with the login flyout's loyalty image (plugins/auth): one place, in site/.
export { loyaltyProgrammeOn } from '../../../contracts/loyaltyProgramme'
