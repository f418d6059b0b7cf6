import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its tables of Tailwind's classes on first use. Called in a task of its
 * own before React starts, so that work doesn't lengthen a render slice.
 */
export function prepareClassMerging(): void {
  twMerge('p-0');
}

/** A member's avatar letters: her first name's and last name's first letters (the same everywhere she appears). */
export function initials(name: { firstName: string; lastName: string }): string {
  return `${name.firstName[0] ?? ''}${name.lastName[0] ?? ''}`.toUpperCase();
}
