import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import {
  blogComments,
  blogLikes,
  blogs,
  listingLikes,
  listings,
  listingReviews,
  eventRsvps,
  events,
  podcastComments,
  podcastLikes,
  podcasts,
  users,
} from '../schema';
import type { AccountService } from './accounts';
import { DEFAULT_TIME_ZONE, instantOf, wallTimeAt } from '#shared/event-time';

/**
 * Demo content for the public pages: podcasts (real public talks on YouTube), blogs
 * (published and drafts), upcoming and past events, directory listings, and a few
 * community members whose likes, comments, reviews and RSVPs make the counts real.
 * Images are the SVGs under public/images, served by the site itself.
 */
export async function seedContent(db: Db, accounts: AccountService): Promise<void> {
  const community: number[] = [];
  for (const member of COMMUNITY) community.push(await ensureMember(db, accounts, member));
  const [admin] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).limit(1);

  const day = 24 * 60 * 60 * 1000;
  // Spread creation dates: the first item of each list below is the newest, so it is shown first.
  const ago = (days: number) => new Date(Date.now() - days * day);

  const podcastRows = await db
    .insert(podcasts)
    .values(PODCASTS.map((p, i) => ({ ...p, embedUrl: `https://www.youtube-nocookie.com/embed/${p.videoId}`, createdAt: ago(1 + i * 5) })))
    .returning({ id: podcasts.id });

  const blogRows = await db
    .insert(blogs)
    .values(
      BLOGS.map((b, i) => ({
        ...b,
        authorName: admin ? `${admin.firstName} ${admin.lastName}` : 'Bloom Circle Team',
        authorId: admin?.id ?? null,
        createdAt: ago(2 + i * 4),
      })),
    )
    .returning({ id: blogs.id, isPublished: blogs.isPublished });

  const eventRows = await db
    .insert(events)
    .values(EVENTS.map(({ inDays, hour, ...e }) => ({ ...e, dateTime: atHour(new Date(Date.now() + inDays * day), hour), timeZone: DEFAULT_TIME_ZONE })))
    .returning({ id: events.id, dateTime: events.dateTime });

  const listingRows = await db
    .insert(listings)
    .values(LISTINGS.map((l, i) => ({ ...l, createdAt: ago(1 + i * 3) })))
    .returning({ id: listings.id });

  // Community activity: deterministic, so every seeded site looks the same.
  const [salma, nour, yasmin] = community as [number, number, number];
  const published = blogRows.filter((b) => b.isPublished);
  await db.insert(podcastLikes).values([
    ...podcastRows.slice(0, 6).map((p) => ({ podcastId: p.id, userId: salma })),
    ...podcastRows.slice(0, 3).map((p) => ({ podcastId: p.id, userId: nour })),
    ...podcastRows.slice(2, 5).map((p) => ({ podcastId: p.id, userId: yasmin })),
  ]);
  await db.insert(podcastComments).values([
    { podcastId: podcastRows[0]!.id, userId: nour, content: 'I watched this twice. Being brave enough to be seen is the hardest part for me.' },
    { podcastId: podcastRows[0]!.id, userId: yasmin, content: 'Sharing this with my sister tonight!' },
    { podcastId: podcastRows[2]!.id, userId: salma, content: 'Needed this before my exams. Passion plus perseverance!' },
    { podcastId: podcastRows[5]!.id, userId: nour, content: 'Good relationships keep us happier and healthier. Calling my grandma now.' },
  ]);
  await db.insert(blogLikes).values([
    ...published.slice(0, 5).map((b) => ({ blogId: b.id, userId: salma })),
    ...published.slice(1, 4).map((b) => ({ blogId: b.id, userId: yasmin })),
  ]);
  await db.insert(blogComments).values([
    { blogId: published[0]!.id, userId: yasmin, content: 'The "notice, name, nourish" steps are going on my mirror.' },
    { blogId: published[1]!.id, userId: nour, content: 'I tried the two-minute rule this morning and actually made my bed!' },
    { blogId: published[2]!.id, userId: salma, content: 'Saying no kindly is still so hard for me. Thank you for the scripts.' },
  ]);
  const upcoming = eventRows.filter((e) => e.dateTime.getTime() > Date.now());
  await db.insert(eventRsvps).values([
    ...upcoming.slice(0, 4).map((e) => ({ eventId: e.id, userId: salma })),
    ...upcoming.slice(0, 2).map((e) => ({ eventId: e.id, userId: nour })),
    { eventId: upcoming[1]!.id, userId: yasmin },
  ]);
  await db.insert(listingReviews).values(
    listingRows.slice(0, 6).flatMap((l, i) => [
      { listingId: l.id, userId: salma, rating: 5, content: 'Lovely, welcoming place.' },
      { listingId: l.id, userId: nour, rating: [4, 5, 4, 3, 5, 4][i]!, content: 'Would go again.' },
    ]),
  );
  await db.insert(listingLikes).values(listingRows.slice(0, 4).map((l) => ({ listingId: l.id, userId: yasmin })));
}

/** That day at `hour` o'clock in the demo events' zone (the site's default, Cairo). */
function atHour(date: Date, hour: number): Date {
  return instantOf({ ...wallTimeAt(date, DEFAULT_TIME_ZONE), hour, minute: 0, second: 0 }, DEFAULT_TIME_ZONE);
}

async function ensureMember(db: Db, { createAccount, findUserByEmail }: AccountService, member: { email: string; firstName: string; lastName: string; age: number; interests: string; bio: string }): Promise<number> {
  const existing = await findUserByEmail(db, member.email);
  if (existing) return existing.id;
  // These demo members never sign in: a random password nobody knows.
  const password = `${randomBytes(18).toString('base64url')}Aa1`;
  return (await createAccount(db, { ...member, password, approvalStatus: 'approved', established: true })).id;
}

const COMMUNITY = [
  { email: 'salma@bloomcircle.example', firstName: 'Salma', lastName: 'Farouk', age: 21, interests: 'Yoga, baking and reading', bio: 'Nursing student who believes in slow mornings and strong tea.' },
  { email: 'nour@bloomcircle.example', firstName: 'Nour', lastName: 'Khalil', age: 17, interests: 'Drawing, debate club and podcasts', bio: 'High-school senior figuring out what comes next, one sketch at a time.' },
  { email: 'yasmin@bloomcircle.example', firstName: 'Yasmin', lastName: 'Aziz', age: 24, interests: 'Running, coding and travel', bio: 'Junior developer and weekend runner who loves a good community.' },
];

/** Real public talks on YouTube, embedded through youtube-nocookie.com. */
const PODCASTS = [
  { videoId: 'iCvmsMzlF7o', title: 'The Power of Vulnerability', category: 'Self-Discovery', tags: ['vulnerability', 'courage', 'TED'], description: 'Researcher Brené Brown on connection, shame and why letting ourselves be seen is the bravest thing we can do.' },
  { videoId: 'Ks-_Mh1QhMc', title: 'Your Body Language May Shape Who You Are', category: 'Self-Discovery', tags: ['confidence', 'body language'], description: 'Amy Cuddy explains how "power posing" can change how we feel before a big moment, from interviews to presentations.' },
  { videoId: 'H14bBuluwB8', title: 'Grit: The Power of Passion and Perseverance', category: 'School Life', tags: ['school', 'motivation', 'grit'], description: 'Angela Lee Duckworth on why sticking with your goals for the long run matters more than talent alone.' },
  { videoId: 'arj7oStGLkU', title: 'Inside the Mind of a Master Procrastinator', category: 'School Life', tags: ['procrastination', 'study', 'humour'], description: 'Tim Urban takes a funny, honest look at procrastination, and at the deadlines that have no deadline.' },
  { videoId: 'c0KYU2j0TM4', title: 'The Power of Introverts', category: 'School Life', tags: ['introverts', 'classroom', 'quiet'], description: 'Susan Cain on how schools and workplaces can make room for quiet people, and why the world needs them.' },
  { videoId: 'D9Ihs241zeg', title: 'The Danger of a Single Story', category: 'Hijabi Life', tags: ['identity', 'stereotypes', 'culture'], description: 'Chimamanda Ngozi Adichie on how one story about a people becomes a stereotype, for anyone who has been seen only through one label.' },
  { videoId: '8KkKuTCFvzI', title: 'What Makes a Good Life?', category: 'Relationships', tags: ['friendship', 'family', 'happiness'], description: 'Robert Waldinger shares lessons from a 75-year study: good relationships keep us happier and healthier.' },
  { videoId: 'F2hc2FLOdhI', title: 'Why We All Need to Practice Emotional First Aid', category: 'Relationships', tags: ['self-care', 'rejection', 'loneliness'], description: 'Psychologist Guy Winch on treating rejection, loneliness and failure with the same care we give a scraped knee.' },
  { videoId: 'fC9da6eqaqg', title: 'Teach Girls Bravery, Not Perfection', category: 'Girly Topics', tags: ['bravery', 'girls', 'coding'], description: 'Reshma Saujani on why girls are taught to be perfect while boys are taught to be brave, and how to change it.' },
  { videoId: 'hg3umXU_qWc', title: 'We Should All Be Feminists', category: 'Girly Topics', tags: ['gender', 'equality', 'culture'], description: 'Chimamanda Ngozi Adichie on raising daughters and sons differently, and why that matters for all of us.' },
  { videoId: 'RcGyVTAoXEU', title: 'How to Make Stress Your Friend', category: 'Self-Discovery', tags: ['stress', 'wellness', 'health'], description: 'Kelly McGonigal on how changing the way you think about stress can change how your body responds to it.' },
];

const BLOGS = [
  {
    title: 'Notice, Name, Nourish: A Gentle Confidence Routine',
    category: 'Confidence and validation',
    coverImageUrl: '/images/blog/confidence.svg',
    tags: ['confidence', 'self-talk', 'routine'],
    isPublished: true,
    excerpt: 'Confidence is not a feeling you wait for. It is a small practice you repeat: notice the inner critic, name what you feel, and nourish yourself with one kind action.',
    content: `## Why waiting for confidence doesn't work

Most of us wait to *feel* confident before we try something new. But confidence usually shows up **after** we act, not before.

### Step 1: Notice
When the inner critic speaks, pause. Write down exactly what it said.

### Step 2: Name
Give the feeling a name: *nervous*, *embarrassed*, *unsure*. Naming a feeling makes it smaller.

### Step 3: Nourish
Do one small kind thing for yourself:
- Drink a glass of water
- Text a friend who makes you laugh
- Take three slow breaths

> "You are allowed to be both a masterpiece and a work in progress."

Try it for one week and tell us in the comments how it went.`,
  },
  {
    title: 'The Two-Minute Rule for Busy Weeks',
    category: 'Productivity',
    coverImageUrl: '/images/blog/productivity.svg',
    tags: ['productivity', 'habits', 'school'],
    isPublished: true,
    excerpt: 'When a week feels too full, shrink every habit until it takes two minutes. Tiny starts beat perfect plans, and they add up faster than you think.',
    content: `Big plans are exciting on Sunday and exhausting by Wednesday.

**The rule:** any new habit should take two minutes or less to start.

1. "Study biology" becomes *open my notes and read one page*.
2. "Go running" becomes *put on my running shoes*.
3. "Journal every night" becomes *write one sentence*.

Starting is the hardest part. Once you have started, continuing is easy.
And on days you only do the two minutes? That still counts.`,
  },
  {
    title: 'How to Say No Kindly (and Mean It)',
    category: 'Relationships',
    coverImageUrl: '/images/blog/relationships.svg',
    tags: ['boundaries', 'friendship', 'communication'],
    isPublished: true,
    excerpt: 'Boundaries are not walls; they are the doors we choose to open. Here are three short scripts for saying no to friends and family without guilt.',
    content: `Saying no can feel like letting people down. In fact, clear boundaries make relationships **stronger**.

### Three scripts to try
- *"Thank you for thinking of me! I can't this time, but I'd love to next week."*
- *"I need some time to think about it. Can I get back to you tomorrow?"*
- *"That doesn't work for me, but here's what I can do..."*

### Remember
Your time and energy are limited. Protecting them is a form of self-respect, not selfishness.`,
  },
  {
    title: 'Five Small Wins for Your Mental Health This Month',
    category: 'Social life and health',
    coverImageUrl: '/images/blog/social-health.svg',
    tags: ['wellness', 'mental health', 'friends'],
    isPublished: true,
    excerpt: '',
    content: `Looking after your mind doesn't have to be complicated. Here are five small wins to try this month.

1. **Go outside every day**, even for ten minutes.
2. **Put your phone in another room** for the first half hour after waking.
3. **Plan one screen-free hangout** with a friend.
4. **Move your body** in a way you enjoy: dancing counts!
5. **Ask for help** when things feel heavy. Talking to someone you trust is a strength.`,
  },
  {
    title: 'Journaling Prompts for a Fresh Start',
    category: 'Self improvement',
    coverImageUrl: '/images/blog/journaling.svg',
    tags: ['journaling', 'reflection', 'growth'],
    isPublished: true,
    excerpt: 'A blank page can feel intimidating. These ten prompts help you reflect on where you are, what you want, and who you are becoming.',
    content: `Grab a notebook and pick just one prompt today.

- What made me smile this week?
- What is one thing I'm proud of that nobody noticed?
- Which friendship makes me feel most like myself?
- What would I try if I knew I couldn't fail?
- What do I need more of right now? Less of?

There are no wrong answers. The page is just for you.`,
  },
  {
    title: 'Building a Morning Routine You Actually Like',
    category: 'Self improvement',
    coverImageUrl: '/images/blog/mornings.svg',
    tags: ['mornings', 'routine', 'self-care'],
    isPublished: true,
    excerpt: 'Forget 5 a.m. alarms. A good morning routine is short, kind and yours. Here is how to build one around the things that make you feel good.',
    content: `The best morning routine is the one you will actually do.

### Start with how you want to feel
Calm? Energised? Focused? Choose one word.

### Pick two or three actions that match it
- *Calm*: stretch, make tea, read a page
- *Energised*: music, a quick walk, a big breakfast
- *Focused*: make your bed, write your top 3 tasks

Keep it under 20 minutes, and be gentle with yourself on the days it doesn't happen.`,
  },
  {
    title: 'Finding Your People After Moving to a New City',
    category: 'Social life and health',
    coverImageUrl: '/images/blog/boundaries.svg',
    tags: ['friendship', 'moving', 'community'],
    isPublished: false,
    excerpt: 'Draft: ideas for making friends in a new place, from classes and volunteering to saying yes to the second invitation.',
    content: `*Draft: still collecting stories from members.*

- Join one class or club and go at least three times
- Volunteer somewhere close to home
- Say yes to the second invitation, even if the first felt awkward`,
  },
  {
    title: 'Owning Your Achievements Without Feeling Awkward',
    category: 'Confidence and validation',
    coverImageUrl: '/images/blog/self-improvement.svg',
    tags: ['confidence', 'career', 'self-worth'],
    isPublished: false,
    excerpt: 'Draft: why so many of us brush off compliments, and how to simply say "thank you" instead.',
    content: `*Draft.*

When someone praises your work, try answering with just: **"Thank you, I worked hard on it."**`,
  },
];

const EVENTS = [
  { inDays: 3, hour: 16, title: 'Confidence Circle: Speaking Up', description: 'A small, friendly workshop on speaking up in class and at work. Practise in pairs, leave with a plan.', location: 'Bloom Studio, 12 Garden Street', price: '0', maxAttendees: 20, images: ['/images/events/circle.svg'], tags: ['confidence', 'workshop'] },
  { inDays: 8, hour: 9, title: 'Sunrise Yoga in the Park', description: 'Gentle yoga for every level. Bring a mat and water; we bring the good vibes and fresh mint tea.', location: 'Riverside Park, east lawn', price: '0.00', maxAttendees: 30, images: ['/images/events/yoga.svg'], tags: ['wellness', 'yoga'] },
  { inDays: 14, hour: 18, title: 'Book Club: Stories by Women', description: 'This month we read a short story collection by women writers. Come for the discussion, stay for the cake.', location: 'Corner Books Café', price: '5', maxAttendees: 15, images: ['/images/events/book-club.svg'], tags: ['books', 'community'] },
  { inDays: 21, hour: 17, title: 'Career Chat: First Jobs & Internships', description: 'Three young professionals share how they found their first roles, with time for your questions and CV tips.', location: 'Online (link sent after sign-up)', price: '0', maxAttendees: null, images: ['/images/events/career.svg'], tags: ['career', 'talk'] },
  { inDays: 30, hour: 15, title: 'Watercolour Afternoon', description: 'Relax and paint with a local artist. All materials included; no experience needed.', location: 'Makers Loft, 4 Mill Lane', price: '25.50', maxAttendees: 12, images: ['/images/events/art.svg'], tags: ['art', 'creativity'] },
  { inDays: 45, hour: 11, title: 'Spring Market & Picnic', description: 'Shop women-owned small businesses, then join a community picnic on the lawn.', location: 'Old Town Square', price: '10', maxAttendees: 100, images: ['/images/events/market.svg'], tags: ['shopping', 'community'] },
  { inDays: -6, hour: 18, title: 'Podcast Live: Growing Up Online', description: 'A live recording about friendships, social media and finding balance.', location: 'Bloom Studio, 12 Garden Street', price: '0', maxAttendees: 40, images: ['/images/events/talk.svg'], tags: ['podcast', 'social media'] },
  { inDays: -20, hour: 10, title: 'Coffee & Journaling Morning', description: 'Quiet journaling with prompts, good coffee and gentle conversation.', location: 'Rose Café', price: '8', maxAttendees: 16, images: ['/images/events/coffee.svg'], tags: ['journaling', 'wellness'] },
  { inDays: -41, hour: 14, title: 'Picnic in the Park', description: 'Our first community picnic: games, snacks and new friends.', location: 'Riverside Park', price: '0', maxAttendees: null, images: ['/images/events/picnic.svg'], tags: ['community'] },
  { inDays: -70, hour: 17, title: 'Study Skills Workshop', description: 'Note-taking, spaced repetition and planning for exam season.', location: 'City Library, room 2', price: '0.00', maxAttendees: 25, images: ['/images/events/workshop.svg'], tags: ['school', 'study'] },
];

const LISTINGS = [
  { name: 'Glow & Grace Beauty Studio', category: 'Beauty', description: 'Women-only salon with gentle, halal-friendly skincare, brow shaping and nail care in a calm, private space.', address: '22 Rosewood Avenue', phone: '+1 555 0101', email: 'hello@glowgrace.example', website: 'https://glowgrace.example', images: ['/images/directory/beauty.svg'], tags: ['women-only', 'skincare', 'nails'] },
  { name: 'Rose Café', category: 'Cafes', description: 'Bright, quiet café with fast wifi and big tables, perfect for study sessions and catch-ups with friends.', address: '5 Garden Street', phone: '+1 555 0102', email: null, website: 'https://rosecafe.example', images: ['/images/directory/cafe.svg'], tags: ['study', 'wifi', 'quiet'] },
  { name: 'Lotus Wellness Centre', category: 'Wellness', description: 'Yoga, pilates and meditation classes with women instructors, plus a friendly beginners programme.', address: '80 Harbour Road', phone: '+1 555 0103', email: 'classes@lotuswellness.example', website: 'https://lotuswellness.example', images: ['/images/directory/wellness.svg'], tags: ['yoga', 'women instructors', 'beginners'] },
  { name: 'Bright Minds Tutoring', category: 'Education', description: 'Small-group tutoring in maths, science and languages, with study-skills coaching before exams.', address: '14 College Lane', phone: '+1 555 0104', email: 'learn@brightminds.example', website: 'https://brightminds.example', images: ['/images/directory/education.svg'], tags: ['tutoring', 'exams', 'STEM'] },
  { name: 'Modest Threads Boutique', category: 'Shopping', description: 'Modest fashion, scarves and accessories from independent women designers, with friendly styling advice.', address: '3 Market Row', phone: '+1 555 0105', email: null, website: 'https://modestthreads.example', images: ['/images/directory/shopping.svg'], tags: ['modest fashion', 'hijab', 'women-owned'] },
  { name: 'SafeRide Women Drivers', category: 'Services', description: 'Ride service with vetted women drivers for evenings, airport trips and school runs.', address: 'City-wide', phone: '+1 555 0106', email: 'book@saferide.example', website: 'https://saferide.example', images: ['/images/directory/services.svg'], tags: ['transport', 'safety', 'women drivers'] },
  { name: 'Petal Pottery Studio', category: 'Wellness', description: 'Relaxing wheel-throwing and hand-building classes. Ladies-only evenings every Thursday.', address: '9 Kiln Court', phone: null, email: 'hi@petalpottery.example', website: null, images: ['/images/directory/studio.svg'], tags: ['creative', 'ladies night'] },
  { name: 'Corner Books Café', category: 'Cafes', description: 'A bookshop with a tiny café, cosy reading nooks and a monthly women writers shelf.', address: '41 Elm Street', phone: '+1 555 0108', email: null, website: 'https://cornerbooks.example', images: ['/images/directory/library.svg'], tags: ['books', 'coffee', 'cosy'] },
];
