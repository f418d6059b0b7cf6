import type { Db } from '../client';
import { forumComments, forumPostLikes, forumPosts, places } from '../schema';
import type { AccountService } from './accounts';

/** Demo members who wrote the forum's first posts; they can sign in like any member. */
const FORUM_MEMBERS = [
  { key: 'layla', email: 'layla@bloomcircle.example', firstName: 'Layla', lastName: 'Mansour', age: 21, interests: 'Career planning, coding and coffee', bio: 'Computer science student figuring out internships one application at a time.' },
  { key: 'zeina', email: 'zeina@bloomcircle.example', firstName: 'Zeina', lastName: 'Farah', age: 17, interests: 'Yoga, journaling and baking', bio: 'High-school senior who believes a slow morning fixes most things.' },
  { key: 'hana', email: 'hana@bloomcircle.example', firstName: 'Hana', lastName: 'Yusuf', age: 24, interests: 'Running, books and volunteering', bio: 'Nurse and weekend runner, always up for a book swap.' },
] as const;
const FORUM_MEMBER_PASSWORD = 'BloomForum1';

type Author = (typeof FORUM_MEMBERS)[number]['key'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The forum's first conversations, oldest last; dates are relative to the seeding moment. */
const POSTS: { author: Author; ago: number; category: 'general' | 'wellness' | 'career' | 'relationships' | 'lifestyle'; title: string; content: string; likedBy: Author[]; comments: { author: Author; text: string }[] }[] = [
  {
    author: 'zeina',
    ago: 3 * HOUR,
    category: 'wellness',
    title: 'Morning routines that actually stick',
    content:
      'I tried the 5 a.m. club and lasted two days. What finally worked: water first, ten minutes of stretching, and no phone until breakfast. What small habits have stayed with you?',
    likedBy: ['layla', 'hana'],
    comments: [
      { author: 'hana', text: 'No phone until breakfast changed everything for me too. I keep it in another room overnight.' },
      { author: 'layla', text: 'I write three lines in a journal while the kettle boils. Tiny, but I never skip it.' },
    ],
  },
  {
    author: 'layla',
    ago: 26 * HOUR,
    category: 'career',
    title: 'How did you prepare for your first internship interview?',
    content:
      'I have my first technical interview next week and my hands already shake thinking about it. Any tips on preparing, or on calming nerves on the day itself?',
    likedBy: ['zeina'],
    comments: [{ author: 'hana', text: 'Practise saying your answers out loud to a friend. It feels silly but it helps so much.' }],
  },
  {
    author: 'hana',
    ago: 3 * DAY,
    category: 'relationships',
    title: 'Setting boundaries with friends kindly',
    content:
      'A close friend keeps calling late at night to vent, and I love her, but I need my sleep before early shifts. How do you say no without hurting someone you care about?',
    likedBy: ['zeina', 'layla'],
    comments: [],
  },
  {
    author: 'zeina',
    ago: 6 * DAY,
    category: 'lifestyle',
    title: 'Favourite budget-friendly weekend activities?',
    content:
      'Exams are done and my wallet is empty. Looking for ideas: picnics, free museum days, book swaps? Share what you and your friends like to do without spending much.',
    likedBy: ['hana'],
    comments: [{ author: 'layla', text: 'Sunset walks with a thermos of tea and a playlist. Free and lovely.' }],
  },
  {
    author: 'layla',
    ago: 10 * DAY,
    category: 'general',
    title: 'Introduce yourself here!',
    content:
      'New to Bloom Circle? Say hi and tell us one thing you are learning this month. I will start: I am learning to cook my grandmother\'s lentil soup without calling her every step.',
    likedBy: ['zeina', 'hana'],
    comments: [{ author: 'zeina', text: 'Hi everyone! I am learning to play the oud, very slowly.' }],
  },
];

/** The six places to go, as seed data the API serves. */
const PLACES: (typeof places.$inferInsert)[] = [
  {
    name: 'Serenity Yoga Studio',
    description: 'Women-only yoga and meditation classes in a calm, sunlit studio. Beginner sessions every weekend and a quiet tea corner after class.',
    category: 'wellness',
    address: '12 Olive Grove Street, Garden District',
    rating: 4.9,
    tags: ['yoga', 'meditation', 'women-only', 'beginner-friendly'],
    recommended: true,
  },
  {
    name: 'The Cozy Corner Café',
    description: 'A bright café with study tables, plenty of sockets and a bookshelf to borrow from. Known for its rose latte and honey cake.',
    category: 'cafe',
    address: '48 Jasmine Avenue, Old Town',
    rating: 4.7,
    tags: ['study spot', 'wifi', 'quiet', 'desserts'],
    recommended: true,
  },
  {
    name: 'Bloom Fitness for Women',
    description: 'A ladies-only gym with friendly coaches, strength classes and a private swimming pool. First week free for new members.',
    category: 'fitness',
    address: '7 Palm Boulevard, North District',
    rating: 4.6,
    tags: ['women-only', 'swimming', 'strength', 'classes'],
    recommended: true,
  },
  {
    name: 'City Art Museum',
    description: 'Rotating exhibitions of local women artists, free entry on Fridays, and monthly sketching workshops for teens.',
    category: 'culture',
    address: '1 Museum Square, Downtown',
    rating: 4.8,
    tags: ['art', 'free fridays', 'workshops'],
    recommended: false,
  },
  {
    name: 'Petals & Pages Book Café',
    description: 'Half bookshop, half café, with a monthly girls\' book club and cosy reading nooks. Hot chocolate is a must.',
    category: 'cafe',
    address: '23 Lotus Lane, Riverside',
    rating: 4.5,
    tags: ['books', 'book club', 'hot chocolate'],
    recommended: false,
  },
  {
    name: 'Riverside Walking Trail',
    description: 'A well-lit, busy riverside path with benches and water fountains. Popular with women\'s running groups in the early morning.',
    category: 'fitness',
    address: 'Riverside Park, East Gate',
    rating: 4.4,
    tags: ['running', 'outdoors', 'free', 'safe'],
    recommended: false,
  },
];

/** Places, demo forum members, their posts, likes and comments. Runs inside seedDemo's transaction. */
export async function seedCommunity(db: Db, { createAccount }: AccountService): Promise<void> {
  await db.insert(places).values(PLACES);

  const ids = {} as Record<Author, number>;
  for (const { key, ...member } of FORUM_MEMBERS) {
    const { id } = await createAccount(db, { ...member, password: FORUM_MEMBER_PASSWORD, approvalStatus: 'approved', role: 'member', established: true });
    ids[key] = id;
  }

  const now = Date.now();
  for (const post of POSTS) {
    const createdAt = new Date(now - post.ago);
    const [row] = await db
      .insert(forumPosts)
      .values({ userId: ids[post.author], title: post.title, content: post.content, category: post.category, createdAt })
      .returning({ id: forumPosts.id });
    const postId = row!.id;
    if (post.likedBy.length) await db.insert(forumPostLikes).values(post.likedBy.map((key) => ({ postId, userId: ids[key] })));
    // Comments follow the post by a few minutes each, in order.
    for (const [index, comment] of post.comments.entries()) {
      await db.insert(forumComments).values({ postId, userId: ids[comment.author], content: comment.text, createdAt: new Date(createdAt.getTime() + (index + 1) * 20 * 60_000) });
    }
  }
}
