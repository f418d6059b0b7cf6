/**
 * How a member appears to anyone but herself and the admins: first name and last initial
 * ("Zeina F."). Members are 13 and older, so no public or member answer carries another
 * member's last name, email, age, approval status or (to visitors) id. The keys stay those
 * of the API's user shape (`user{firstName, lastName}`), with the initial in `lastName`.
 */
export interface PublicMemberName {
  firstName: string;
  /** The last name's first letter and a period, or '' when there is none. */
  lastName: string;
}

export function publicMemberName(person: { firstName: string; lastName: string }): PublicMemberName {
  const initial = Array.from(person.lastName.trim())[0];
  return { firstName: person.firstName, lastName: initial ? `${initial.toLocaleUpperCase()}.` : '' };
}
