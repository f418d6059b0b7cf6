-- A large community for `npm run bench:scale`, generated set-based (generate_series) into a
-- freshly migrated database. scripts/bench-scale.ts runs it step by step on one connection,
-- after setting bench.known_hash (the password the benchmark signs in with) and
-- bench.other_hash (everyone else's).
--
-- Ids are given explicitly so that later steps can point at rows by arithmetic instead of
-- lookups; the identity sequences are moved past them at the end. Where a step needs pairs
-- that a primary key keeps unique (likes, RSVPs), member k of an item is
-- 1 + (item * 7919 + k * 4999) % members: 4999 is prime, so no pair repeats.
--
-- {{members}}, {{blogs}}, {{blog_comments}}, {{forum_posts}} and {{forum_comments}} are the
-- volumes bench-scale.ts writes in (100000, 20000, 495000, 200000, 298000 at full scale).
--
-- Fixed points the benchmark relies on:
--   members 1..{{members}} approved, the next 500 pending, the next 100 rejected, then the admin
--   members 1..200 and the admin have bench.known_hash
--   {{blogs}} blogs, newest last; every 400th (id % 400 = 0) a draft
--   'saffronquill' in one published blog in 1600; 'moonlitcedar' in 13 podcasts; 'zyxwvquartz' nowhere
--   searched words in every kind of item: 'together' and 'معاً' in every one, 'sunflower' and
--   'إيمان' in three in five (pg_temp.bench_common); first names include 'أمينة'
--   the tenth newest blog has 5000 comments more; the newest forum post 2000
--   events 18001..20000 are upcoming; every third event has a max_attendees
--   1M notifications: members 1..10 have 2,000 each (1,500 unread), the others about 10
--   members with 3 or more published comments or posts are established (the server's rule,
--   REVIEWED_CONTRIBUTIONS): what they write is published at once, as on a live site

-- step: word lists
select setseed(0.42);

create function pg_temp.pick(list text[], n bigint) returns text
  language sql immutable as $$ select list[1 + (n % array_length(list, 1))::int] $$;

-- A well-mixed non-negative number from an integer (hashint4 can be negative).
create function pg_temp.h(n bigint) returns int
  language sql immutable as $$ select (hashint8(n) & 2147483647)::int $$;

-- The words every benchmark search looks for: in every item, and in three items in five.
create function pg_temp.bench_common(n bigint) returns text
  language sql immutable as $$ select ' Together, معاً.' || case when n % 5 < 3 then ' A sunflower of إيمان.' else '' end $$;

create temp table bench_words as
select
  array[
    'confidence', 'friendship', 'journal', 'morning', 'evening', 'school', 'exam', 'study', 'library', 'sister',
    'mother', 'family', 'community', 'circle', 'garden', 'tea', 'coffee', 'walk', 'park', 'season',
    'spring', 'autumn', 'winter', 'summer', 'kindness', 'patience', 'courage', 'honesty', 'gratitude', 'prayer',
    'routine', 'habit', 'goal', 'dream', 'career', 'interview', 'project', 'deadline', 'balance', 'rest',
    'sleep', 'energy', 'health', 'skin', 'hair', 'style', 'outfit', 'scarf', 'colour', 'mirror',
    'voice', 'story', 'letter', 'poem', 'book', 'chapter', 'lesson', 'teacher', 'classroom', 'homework',
    'weekend', 'holiday', 'travel', 'city', 'home', 'kitchen', 'recipe', 'bread', 'dinner', 'breakfast',
    'listen', 'speak', 'share', 'learn', 'grow', 'change', 'choose', 'believe', 'trust', 'forgive',
    'remember', 'notice', 'breathe', 'smile', 'laugh', 'write', 'read', 'plan', 'start', 'finish',
    'small', 'gentle', 'bright', 'quiet', 'honest', 'brave', 'calm', 'busy', 'new', 'old',
    'real', 'simple', 'hard', 'good', 'better', 'slow', 'steady', 'warm', 'kind', 'strong',
    'the', 'a', 'and', 'with', 'for', 'about', 'when', 'after', 'before', 'because',
    'we', 'you', 'she', 'our', 'her', 'every', 'some', 'many', 'one', 'two',
    'is', 'are', 'was', 'can', 'will', 'might', 'should', 'feels', 'makes', 'takes',
    'ثقة', 'صديقة', 'حياة', 'نور', 'أمل', 'سلام', 'قلب', 'جميلة', 'مدرسة', 'صحة',
    'عائلة', 'صبر', 'شكر', 'حلم', 'كتاب'
  ]::text[] as words,
  array[
    'Amira', 'Layla', 'Noor', 'Sara', 'Maryam', 'Fatima', 'Aisha', 'Hana', 'Yasmin', 'Zainab',
    'Lina', 'Dina', 'Salma', 'Huda', 'Rania', 'Emma', 'Olivia', 'Sophie', 'Grace', 'Chloe',
    'Mia', 'Ella', 'Lucy', 'Hannah', 'Ruby', 'Amelia', 'Isla', 'Leah', 'Nadia', 'Sofia',
    'Iman', 'Khadija', 'Safiya', 'Asma', 'Rahma', 'Nour', 'Jana', 'Malak', 'Reem', 'Farah', 'أمينة'
  ]::text[] as first_names,
  array[
    'Haddad', 'Rahman', 'Khan', 'Ali', 'Hussein', 'Ahmed', 'Said', 'Nasser', 'Karim', 'Farouk',
    'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Walker',
    'Osman', 'Yusuf', 'Mansour', 'Hamdan', 'Saleh', 'Bakr', 'Aziz', 'Qureshi', 'Malik', 'Sheikh',
    'Green', 'Hall', 'Wood', 'Clarke', 'Hughes', 'Patel', 'Begum', 'Mirza', 'Darwish', 'Jaber'
  ]::text[] as last_names,
  array['confidence', 'friendship', 'school', 'self-care', 'faith', 'family', 'career', 'health', 'style', 'study', 'hijab', 'books']::text[] as tags,
  array[
    'This really helped me, thank you for writing it.',
    'I needed to read this today.',
    'Saving this for exam season!',
    'My sister and I talked about this for an hour.',
    'Such a kind way to put it.',
    'Does anyone have tips for the mornings?',
    'I tried this last week and it worked.',
    'Love this circle so much.',
    'Can we have a follow-up post on this?',
    'This made me smile on a long day.',
    'So true about patience.',
    'I shared this with my friends.',
    'Beautifully written, as always.',
    'I disagree a little, but I see the point.',
    'The part about rest is so important.',
    'Thank you, this made me feel less alone.',
    'Exactly what my mum always says.',
    'Bookmarking this one.',
    'How do you keep the habit going?',
    'Reading this with my tea right now.',
    'شكرا على هذا المقال الجميل',
    'كلام من القلب، جزاك الله خيرا',
    'أحببت هذه الفكرة كثيرا',
    'This is the reminder I needed. سلام'
  ]::text[] as comments;

-- 1000 paragraphs of about 560 characters; posts are built from five of them. A table, not
-- an array: subscripting a large array detoasts all of it for every row.
create temp table bench_paragraphs as
select n, body
from (
  select p as n,
    initcap(w.words[1 + (p % 140)]) || ' ' ||
    (select string_agg(ww.words[1 + floor(random() * array_length(ww.words, 1))::int] || case when random() < 0.08 then '.' else '' end, ' ')
       from generate_series(1, 78 + p % 15) k, bench_words ww) || '.' as body
  from generate_series(0, 999) p, bench_words w
) s;
alter table bench_paragraphs add primary key (n);
analyze bench_paragraphs;

-- step: members (100k approved, 600 applicants, 1 admin)
set synchronous_commit = off;
set work_mem = '64MB';
set maintenance_work_mem = '256MB';

insert into users (id, email, password_hash, first_name, last_name, age, interests, bio, profile_image_url, role, approval_status, email_confirmed_at, created_at, updated_at)
overriding system value
select g,
  lower(f || '.' || l || '.' || g || '@members.example'),
  case when g <= 200 then current_setting('bench.known_hash') else current_setting('bench.other_hash') end,
  f, l,
  13 + g % 28,
  pg_temp.pick(w.tags, g) || ', ' || pg_temp.pick(w.tags, g / 12),
  case when g % 4 = 0 or g > {{members}} then 'I would love to join a circle of ' || pg_temp.pick(w.tags, g / 3) || ' and ' || pg_temp.pick(w.tags, g / 5) || ' friends.' end,
  case when g % 10 = 0 then 'https://images.bench.example/members/' || g || '.jpg' end,
  'member',
  (case when g <= {{members}} then 'approved' when g <= ({{members}} + 500) then 'pending' else 'rejected' end)::approval_status,
  now() - ({{members}} + 601 - g) * interval '13 minutes',
  now() - ({{members}} + 601 - g) * interval '13 minutes',
  now() - ({{members}} + 601 - g) * interval '13 minutes'
from generate_series(1, {{members}} + 600) g
cross join bench_words w
cross join lateral (select pg_temp.pick(w.first_names, g) as f, pg_temp.pick(w.last_names, g / 7) as l) name;

insert into users (id, email, password_hash, first_name, last_name, role, approval_status, email_confirmed_at, created_at, updated_at)
overriding system value
values ({{members}} + 601, 'admin@bench.example', current_setting('bench.known_hash'), 'Bench', 'Admin', 'admin', 'approved', now() - interval '1000 days', now() - interval '1000 days', now() - interval '1000 days');

-- step: blogs (20k, about 3 KB each)
insert into blogs (id, title, content, excerpt, category, author_name, author_id, cover_image_url, tags, is_published, created_at, updated_at)
overriding system value
select g, t.title,
  '## ' || t.title || E'\n\n' ||
    p1.body || E'\n\n' || p2.body || E'\n\n' || p3.body || E'\n\n' || p4.body || E'\n\n' || p5.body ||
    case when g % 1600 = 3 then E'\n\nA quiet word about saffronquill evenings with friends.' else '' end ||
    pg_temp.bench_common(g),
  left(p1.body, 180) || '…',
  pg_temp.pick(array['Confidence and validation', 'Self improvement', 'Relationships', 'Productivity', 'Social life and health'], g),
  case when a.id is null then 'Bloom Circle Team' else a.first_name || ' ' || a.last_name end,
  a.id,
  case when g % 3 <> 0 then 'https://images.bench.example/blogs/' || g || '.jpg' end,
  array[pg_temp.pick(w.tags, g), pg_temp.pick(w.tags, g / 12 + 5)],
  g % 400 <> 0,
  now() - ({{blogs}} - g) * interval '75 minutes',
  now() - ({{blogs}} - g) * interval '75 minutes'
from generate_series(1, {{blogs}}) g
cross join bench_words w
join bench_paragraphs p1 on p1.n = (g * 7) % 1000
join bench_paragraphs p2 on p2.n = (g * 13 + 101) % 1000
join bench_paragraphs p3 on p3.n = (g * 31 + 211) % 1000
join bench_paragraphs p4 on p4.n = (g * 53 + 307) % 1000
join bench_paragraphs p5 on p5.n = (g * 97 + 401) % 1000
cross join lateral (
  select pg_temp.pick(array['On', 'Finding', 'Notes on', 'Learning', 'Why we need', 'A letter about', 'Small steps to', 'What I learned about'], g) || ' ' ||
    pg_temp.pick(w.words, g * 17) || ' and ' || pg_temp.pick(w.words, g * 29 + 3) as title
) t
left join users a on a.id = case when g % 5 <> 0 then 1 + (g::bigint * 7919) % {{members}} end;

-- step: blog comments (500k; the tenth newest blog has 5000)
insert into blog_comments (blog_id, user_id, content, created_at)
select b.id, s.user_id, pg_temp.pick(w.comments, s.g), b.created_at + (now() - b.created_at) * random()
from (
  -- Newer posts get more comments; drafts (id % 400 = 0) none. OFFSET 0 keeps each row's
  -- single random draw from being inlined twice.
  select g, user_id, case when x % 400 = 0 then x - 1 else x end as blog_id
  from (select g, 1 + (g::bigint * 7919) % {{members}} as user_id, {{blogs}} - floor(({{blogs}} - 1) * power(random(), 2))::int as x from generate_series(1, {{blog_comments}}) g offset 0) r
  union all
  select {{blog_comments}} + k, 1 + (k::bigint * 4999) % {{members}}, {{blogs}} - 10 from generate_series(1, 5000) k
) s
join blogs b on b.id = s.blog_id
cross join bench_words w;

-- step: podcasts (5k) and their comments
insert into podcasts (id, title, description, category, embed_url, tags, created_at, updated_at)
overriding system value
select g,
  pg_temp.pick(array['Talking about', 'Episode:', 'A conversation on', 'Real talk:', 'Stories of'], g) || ' ' || pg_temp.pick(w.words, g * 11) || ' and ' || pg_temp.pick(w.words, g * 23 + 7),
  left(p.body, 300) || case when g % 400 = 17 then ' Featuring the moonlitcedar sessions.' else '' end || pg_temp.bench_common(g),
  pg_temp.pick(array['Self-Discovery', 'School Life', 'Hijabi Life', 'Relationships', 'Girly Topics'], g),
  case when g % 10 = 0 then 'https://player.vimeo.com/video/' || (100000000 + g) else 'https://www.youtube.com/embed/' || substr(md5('bench' || g), 1, 11) end,
  array[pg_temp.pick(w.tags, g), pg_temp.pick(w.tags, g / 12 + 3)],
  now() - (5000 - g) * interval '5 hours',
  now() - (5000 - g) * interval '5 hours'
from generate_series(1, 5000) g
cross join bench_words w
join bench_paragraphs p on p.n = (g * 17 + 5) % 1000;

insert into podcast_comments (podcast_id, user_id, content, created_at)
select c.id, 1 + (g::bigint * 6007) % {{members}}, pg_temp.pick(w.comments, g * 3), c.created_at + (now() - c.created_at) * random()
from (select g, 5000 - floor(4999 * power(random(), 2))::int as podcast_id from generate_series(1, 50000) g) s
join podcasts c on c.id = s.podcast_id
cross join bench_words w;

-- step: events (20k, 2k upcoming) and RSVPs (about 300k)
insert into events (id, title, description, date_time, location, price, max_attendees, images, tags, created_at, updated_at)
overriding system value
select g,
  pg_temp.pick(array['Book club:', 'Workshop:', 'Picnic and', 'Study session:', 'Coffee morning:', 'Evening talk on'], g) || ' ' || pg_temp.pick(w.words, g * 19 + 1),
  left(p.body, 400) || pg_temp.bench_common(g),
  d.date_time,
  pg_temp.pick(array['Community Hall, Leeds', 'Central Library, Manchester', 'Riverside Park, London', 'Online', 'Noor Café, Birmingham', 'Youth Centre, Bradford'], g),
  pg_temp.pick(array['0', '15.00', '25', '5'], g),
  case when g % 3 = 0 then 10 + pg_temp.h(g) % 91 end,
  case when g % 2 = 0 then array['https://images.bench.example/events/' || g || '.jpg'] else '{}'::text[] end,
  array[pg_temp.pick(w.tags, g * 5)],
  d.created_at,
  d.created_at
from generate_series(1, 20000) g
cross join bench_words w
join bench_paragraphs p on p.n = (g * 41 + 9) % 1000
cross join lateral (
  select date_trunc('hour', now()) + (g - 18000) * interval '90 minutes' as date_time,
    least(now() - interval '1 hour', date_trunc('hour', now()) + (g - 18000) * interval '90 minutes' - interval '30 days') - (g % 600) * interval '1 minute' as created_at
) d;

-- Never more attending than max_attendees, as the RSVP procedure guarantees.
insert into event_rsvps (event_id, user_id, status, created_at)
select e.id, 1 + (e.id::bigint * 7919 + k * 4999) % {{members}}, 'attending', e.created_at + (least(now(), e.date_time) - e.created_at) * random()
from events e
cross join lateral generate_series(0, least(pg_temp.h(e.id * 3 + 1) % 32, coalesce(e.max_attendees, 1000)) - 1) k;

-- step: forum (200k posts, 300k comments; the newest post has 2000)
insert into forum_posts (id, user_id, title, content, category, created_at)
overriding system value
select g, 1 + (g::bigint * 104729) % {{members}},
  pg_temp.pick(array['Question about', 'Advice on', 'Thoughts on', 'Anyone else and', 'Help with'], g) || ' ' || pg_temp.pick(w.words, g * 13 + 2),
  p.body || pg_temp.bench_common(g),
  (enum_range(null::forum_category))[1 + g % 5],
  now() - ({{forum_posts}} - g) * interval '7 minutes'
from generate_series(1, {{forum_posts}}) g
cross join bench_words w
join bench_paragraphs p on p.n = (g * 11 + 3) % 1000;

insert into forum_comments (post_id, user_id, content, created_at)
select f.id, s.user_id, pg_temp.pick(w.comments, s.g * 7), f.created_at + (now() - f.created_at) * random()
from (
  select g, 1 + (g::bigint * 3571) % {{members}} as user_id, {{forum_posts}} - floor(({{forum_posts}} - 1) * power(random(), 3))::int as post_id from generate_series(1, {{forum_comments}}) g
  union all
  select {{forum_comments}} + k, 1 + (k::bigint * 4999) % {{members}}, {{forum_posts}} from generate_series(1, 2000) k
) s
join forum_posts f on f.id = s.post_id
cross join bench_words w;

-- step: directory (2k listings, 10k reviews), places, newsletter
insert into directory_listings (id, name, category, description, address, phone, email, website, images, tags, created_at, updated_at)
overriding system value
select g,
  pg_temp.pick(array['Amal', 'Noor', 'Sakina', 'Layla', 'Jasmine', 'Olive', 'Saffron', 'Rose', 'Cedar', 'Luna'], g) || ' ' ||
    pg_temp.pick(array['Beauty Studio', 'Café', 'Wellness Centre', 'Learning Hub', 'Boutique', 'Salon', 'Tutoring', 'Yoga Studio', 'Bookshop', 'Florist'], g / 10) || ' ' || g,
  pg_temp.pick(array['Beauty', 'Cafes', 'Wellness', 'Education', 'Shopping', 'Services'], g),
  left(p.body, 300) || pg_temp.bench_common(g),
  g || ' ' || pg_temp.pick(array['High Street', 'Station Road', 'Park Lane', 'Church Street', 'Mill Road'], g / 3) || ', ' || pg_temp.pick(array['Leeds', 'Manchester', 'London', 'Birmingham', 'Bradford'], g / 7),
  '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0'),
  'hello' || g || '@listings.example',
  'https://listing' || g || '.example',
  array['https://images.bench.example/listings/' || g || '.jpg'],
  array[pg_temp.pick(w.tags, g * 3)],
  now() - (2000 - g) * interval '12 hours',
  now() - (2000 - g) * interval '12 hours'
from generate_series(1, 2000) g
cross join bench_words w
join bench_paragraphs p on p.n = (g * 43 + 1) % 1000;

insert into directory_reviews (listing_id, user_id, rating, content, created_at)
select 1 + (g * 7) % 2000, 1 + (g::bigint * 7919) % {{members}}, 1 + pg_temp.h(g) % 5,
  case when g % 3 <> 0 then pg_temp.pick(w.comments, g) end, now() - (g % 900) * interval '1 day'
from generate_series(1, 10000) g
cross join bench_words w;

insert into directory_interest (user_id, created_at)
select 1 + (g * 97) % {{members}}, now() - (g % 300) * interval '1 day' from generate_series(0, 999) g;

insert into places (id, name, description, category, address, rating, tags, recommended, created_at)
overriding system value
select g,
  pg_temp.pick(array['Noor', 'Amal', 'Café Rose', 'Cedar', 'Saffron', 'Luna'], g) || ' ' || pg_temp.pick(array['Spa', 'Café', 'Gym', 'Gallery', 'Studio'], g / 6) || ' ' || g,
  left(p.body, 200) || pg_temp.bench_common(g),
  (enum_range(null::place_category))[1 + g % 4],
  g || ' ' || pg_temp.pick(array['High Street', 'Station Road', 'Park Lane'], g) || ', Leeds',
  (30 + pg_temp.h(g) % 21) / 10.0,
  array[pg_temp.pick(w.tags, g)],
  g % 10 = 0,
  now() - g * interval '1 day'
from generate_series(1, 300) g
cross join bench_words w
join bench_paragraphs p on p.n = (g * 47) % 1000;

insert into place_suggestions (user_id, name, description, category, address, status, created_at)
select 1 + (g * 331) % {{members}}, 'Suggested place ' || g, 'A lovely spot my friends and I visit every week.',
  (enum_range(null::place_category))[1 + g % 4], g || ' Market Street, York',
  (enum_range(null::suggestion_status))[1 + g % 3], now() - g * interval '3 hours'
from generate_series(1, 500) g;

insert into newsletter_subscriptions (email, frequency, created_at, updated_at)
select 'reader' || g || '@news.example', (enum_range(null::newsletter_frequency))[1 + g % 3], now() - g * interval '1 hour', now() - g * interval '1 hour'
from generate_series(1, 5000) g;

-- step: likes (about 1M over blogs, podcasts, listings and forum posts)
-- A few items in each area are very popular; the rest get a handful.
insert into blog_likes (blog_id, user_id, created_at)
select b.id, 1 + (b.id::bigint * 7919 + k * 4999) % {{members}}, b.created_at + (now() - b.created_at) * random()
from blogs b
cross join lateral generate_series(0, 3 + pg_temp.h(b.id) % 31 + case when b.id % 100 = 0 then 300 else 0 end - 1) k
where b.is_published;

insert into podcast_likes (podcast_id, user_id, created_at)
select c.id, 1 + (c.id::bigint * 7919 + k * 4999) % {{members}}, c.created_at + (now() - c.created_at) * random()
from podcasts c
cross join lateral generate_series(0, pg_temp.h(c.id) % 61 + case when c.id % 100 = 0 then 1000 else 0 end - 1) k;

insert into directory_likes (listing_id, user_id, created_at)
select d.id, 1 + (d.id::bigint * 7919 + k * 4999) % {{members}}, d.created_at + (now() - d.created_at) * random()
from directory_listings d
cross join lateral generate_series(0, pg_temp.h(d.id) % 41 + case when d.id % 100 = 0 then 500 else 0 end - 1) k;

insert into forum_post_likes (post_id, user_id, created_at)
select f.id, 1 + (f.id::bigint * 7919 + k * 4999) % {{members}}, f.created_at + (now() - f.created_at) * random()
from forum_posts f
cross join lateral generate_series(0, pg_temp.h(f.id) % 4 + case when f.id % 1000 = 0 then 250 else 0 end - 1) k;

-- step: notifications (1M: members 1..10 have 2,000 each, 1,500 unread; the others about 10, most read)
-- Replies and mentions on forum threads, oldest first so ids grow with time, all mailed already
-- (the digest job then has nothing of the past to gather). Actors are other members.
insert into notifications (user_id, kind, actor_id, target_type, target_id, title, comment_id, read_at, mailed_at, created_at)
select u,
  (case when k % 5 = 0 then 'mention' else 'reply' end)::notification_kind,
  1 + (u::bigint * 7919 + k * 4999) % {{members}},
  'forum', 1 + k % {{forum_posts}}, 'Thread ' || (1 + k % {{forum_posts}}), 1 + k % {{forum_comments}},
  case when k % 4 = 0 then now() - (2000 - k) * interval '30 minutes' + interval '1 hour' end,
  now() - (2000 - k) * interval '30 minutes',
  now() - (2000 - k) * interval '30 minutes'
from generate_series(1, 2000) k
cross join generate_series(1, 10) u
order by k, u;

insert into notifications (user_id, kind, actor_id, target_type, target_id, title, comment_id, read_at, mailed_at, created_at)
select 11 + pg_temp.h(n) % ({{members}} - 10),
  (case when n % 5 = 0 then 'mention' else 'reply' end)::notification_kind,
  1 + (n::bigint * 4999) % {{members}},
  'forum', 1 + n % {{forum_posts}}, 'Thread ' || (1 + n % {{forum_posts}}), 1 + n % {{forum_comments}},
  case when n % 10 < 8 then now() - (980000 - n) * interval '40 seconds' + interval '1 hour' end,
  now() - (980000 - n) * interval '40 seconds',
  now() - (980000 - n) * interval '40 seconds'
from generate_series(1, 980000) n;

-- step: established members (3 or more published comments or posts)
update users set established = true
where role = 'member' and id in (
  select user_id from (
    select user_id from blog_comments
    union all select user_id from podcast_comments
    union all select user_id from forum_posts
    union all select user_id from forum_comments
  ) as written
  group by user_id having count(*) >= 3
);

-- step: identity sequences
select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
select setval(pg_get_serial_sequence('blogs', 'id'), (select max(id) from blogs));
select setval(pg_get_serial_sequence('podcasts', 'id'), (select max(id) from podcasts));
select setval(pg_get_serial_sequence('events', 'id'), (select max(id) from events));
select setval(pg_get_serial_sequence('forum_posts', 'id'), (select max(id) from forum_posts));
select setval(pg_get_serial_sequence('directory_listings', 'id'), (select max(id) from directory_listings));
select setval(pg_get_serial_sequence('places', 'id'), (select max(id) from places));
