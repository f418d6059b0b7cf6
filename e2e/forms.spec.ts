import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

/**
 * Every form says what is wrong where it is wrong: each field with a problem is marked invalid
 * and described by its message, all of them at once, and the focus goes to the first, which is
 * on screen. On a phone that is where she looks.
 */

const PHONE = { width: 390, height: 844 };

async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/** The focus is on this field, and the field is on the screen. */
async function expectFocusedOnScreen(field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
}

/** No banner above the form: the messages are at the fields. */
async function expectNoBanner(page: Page) {
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('an empty application shows every field’s message at its field, with the focus on the first', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/signup');
  // No age is filled in for her.
  await expect(page.getByLabel('Age')).toHaveValue('');

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectFocusedOnScreen(page.getByLabel('First name'));
  await expectFieldError(page.getByLabel('First name'), 'First name is required');
  await expectFieldError(page.getByLabel('Last name'), 'Last name is required');
  await expectFieldError(page.getByLabel('Email'), 'Email is required');
  await expectFieldError(page.getByLabel('Password', { exact: true }), /Password must be at least 8 characters$/);
  await expectFieldError(page.getByLabel('Age'), /Please enter your age$/);
  await expectFieldError(page.getByLabel('Interests and hobbies'), 'Please tell us about your interests (at least 10 characters)');
  await expectFieldError(page.getByLabel('Brief bio'), 'Please write a brief bio (at least 20 characters)');
  await expectFieldError(page.getByRole('checkbox', { name: 'I agree to the community guidelines' }), 'Please accept the community guidelines');
  await expectNoBanner(page);

  // Fixing a field clears its message; a wrong one further down takes the focus next time.
  await page.getByLabel('First name').fill('Hana');
  await expect(page.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Last name').fill('Aziz');
  await page.getByLabel('Email').fill('hana@');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectFocusedOnScreen(page.getByLabel('Email'));
  await expectFieldError(page.getByLabel('Email'), 'Valid email is required');
  await expectFieldError(page.getByLabel('Age'), /Please enter your age$/);
  await page.getByLabel('Age').fill('12');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectFieldError(page.getByLabel('Age'), /Age must be between 13 and 100$/);
});

test('a refusal from the server that names a field shows at that field', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Hana');
  await page.getByLabel('Last name').fill('Aziz');
  await page.getByLabel('Email').fill(`hana.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Lantern2026');
  await page.getByLabel('Age').fill('15');
  await page.getByLabel('Interests and hobbies').fill('Chess, music and swimming');
  await page.getByLabel('Brief bio').fill('I love chess and I am looking for girls to play with.');
  await page.getByLabel('I agree to the community guidelines').check();
  // What the browser checked, the server checks again: here it sees an age the form never sent.
  await page.route('**/trpc/auth.joinRequest**', (route) => route.continue({ postData: route.request().postData()!.replace('"age":15', '"age":9') }));
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectFocusedOnScreen(page.getByLabel('Age'));
  await expectFieldError(page.getByLabel('Age'), /Age must be between 13 and 100$/);
  await expectNoBanner(page);
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
});

test('sign-in forms show their messages at the fields', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of ['/login', '/admin/login']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectFocusedOnScreen(page.getByLabel('Email'));
    await expectFieldError(page.getByLabel('Email'), 'Email is required');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Password is required');
    await expectNoBanner(page);
  }
});

test('the forum’s new post, Suggest a Place and the newsletter show their messages at the fields', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAs(page, 'member');
  await page.goto('/community/blog');
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expectFocusedOnScreen(page.getByLabel('Title'));
  await expectFieldError(page.getByLabel('Title'), 'Title must be at least 5 characters');
  await expectFieldError(page.getByLabel('Content', { exact: true }), 'Content must be at least 20 characters');
  await expectNoBanner(page);

  await page.goto('/community/places-to-go');
  await page.getByRole('button', { name: 'Suggest a Place' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a Place' });
  await dialog.getByRole('button', { name: 'Send Suggestion' }).click();
  await expectFocusedOnScreen(dialog.getByLabel('Name'));
  await expectFieldError(dialog.getByLabel('Name'), 'Name is required');
  await expectFieldError(dialog.getByLabel('Why do you recommend it?'), 'Description must be at least 10 characters');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/community/newsletter');
  await page.getByLabel('Email address').fill('amira@');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expectFocusedOnScreen(page.getByLabel('Email address'));
  await expectFieldError(page.getByLabel('Email address'), 'Please enter a valid email address');
  await expectNoBanner(page);
});
