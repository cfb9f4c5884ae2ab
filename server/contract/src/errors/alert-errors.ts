/** The error codes of alert rules, of a board's tags and responsible accountant, and of roles on tags and invitations to them (issue 29), spread into errors.ts. */
export const alertErrors = {
  RESPONSIBLE_NOT_MEMBER: {
    status: 400,
    en: 'The responsible accountant must be the board’s owner or one of its members',
    no: 'Ansvarlig regnskapsfører må være eieren av tavlen eller et av medlemmene',
  },
  TAG_MEMBER_USER_NOT_FOUND: {
    status: 404,
    en: 'Nobody on your boards has this e-mail address: invite them to a board first',
    no: 'Ingen på tavlene dine har denne e-postadressen: inviter personen til en tavle først',
  },
  TAG_MEMBER_SELF: {
    status: 400,
    en: 'The boards with this tag are yours already',
    no: 'Tavlene med dette stikkordet er allerede dine',
  },
  INVITATION_BOARDS_OR_TAG: {
    status: 400,
    en: 'Invite to boards or to a tag: choose one of the two',
    no: 'Inviter til tavler eller til et stikkord: velg ett av dem',
  },
  INVITATION_TAG_NOT_FOUND: {
    status: 404,
    en: 'None of your own boards has this tag (only a board’s owner invites to its tags)',
    no: 'Ingen av dine egne tavler har dette stikkordet (bare eieren av tavlene inviterer til stikkordene deres)',
  },
  INVITATION_TAG_ROLE: {
    status: 400,
    en: 'A tag gives the role Editor or Viewer, never Admin',
    no: 'Et stikkord gir rollen redaktør eller leser, aldri administrator',
  },
  TAG_MEMBER_NOT_FOUND: {
    status: 404,
    en: 'This person has no role on this tag of yours',
    no: 'Denne personen har ingen rolle på dette stikkordet ditt',
  },
  ALERT_NOT_FOUND: { status: 404, en: 'The alert rule does not exist', no: 'Varslingsregelen finnes ikke' },
  ALERT_RULE_INVALID: {
    status: 400,
    en: 'This comparison does not fit the figure: the data’s age and a failed sync are compared below or above a value only',
    no: 'Sammenligningen passer ikke til tallet: dataenes alder og en feilet synkronisering sammenlignes bare under eller over en verdi',
  },
  ALERT_LIMIT: {
    status: 409,
    en: 'You have 100 alert rules, the most there may be: delete one first',
    no: 'Du har 100 varslingsregler, som er det meste: slett en først',
  },
} as const satisfies Record<string, { status: number; en: string; no: string }>;
