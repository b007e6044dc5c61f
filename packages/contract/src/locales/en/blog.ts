/** Texts of the blog page: the spec's questions and answers. */
export default {
  'blog.title': 'Questions and Answers',
  'blog.stateQ': 'What are the different ways to manage state in a React application?',
  'blog.stateA1':
    'Local state lives in a component with useState or useReducer: the right home for form inputs, toggles and anything only one component needs.',
  'blog.stateA2':
    'Shared state can be lifted to a common parent and passed down, or placed in a Context when many components far apart read it and it changes rarely (theme, signed-in user).',
  'blog.stateA3': 'App-wide client state with many writers fits a store such as Redux Toolkit, Zustand or Jotai, which give predictable updates and devtools.',
  'blog.stateA4':
    'Server state (data fetched from an API) is best kept in a cache library such as RTK Query, TanStack Query or SWR, which handle loading, caching, refetching and invalidation. The URL (route and query parameters) is state too, and often the best place for filters and pages.',
  'blog.prototypeQ': 'How does prototypal inheritance work?',
  'blog.prototypeA1':
    'Every JavaScript object has an internal link, [[Prototype]], to another object or null. When a property is not found on the object itself, the engine looks it up along this chain of prototypes until it finds it or reaches null.',
  'blog.prototypeA2':
    'Functions used with new give their instances the function’s prototype object as [[Prototype]], so methods defined once there are shared by every instance. Object.create(proto) makes an object with a chosen prototype directly.',
  'blog.prototypeA3':
    'The class syntax is a clearer way to write the same thing: class methods go on the prototype, and extends links one prototype to another. Writing a property on an object never changes its prototype; it shadows the inherited one.',
  'blog.unitTestQ': 'What is a unit test? Why should we write unit tests?',
  'blog.unitTestA1':
    'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: given these inputs, it must produce that output or behaviour.',
  'blog.unitTestA2':
    'Unit tests catch bugs early, when they are cheapest to fix; they let you refactor with confidence, because a broken behaviour fails a test at once; and they document how the code is meant to be used. They run in milliseconds, so they can run on every change.',
  'blog.unitTestA3': 'They do not replace integration and end-to-end tests, which check that the pieces work together for a real user.',
  'blog.frameworksQ': 'React vs. Angular vs. Vue?',
  'blog.frameworksA1':
    'React is a library for building user interfaces from components written in JSX. It leaves routing, data fetching and state to the ecosystem, which gives freedom and a huge community, at the cost of more choices to make.',
  'blog.frameworksA2':
    'Angular is a complete framework from Google, written in TypeScript, with routing, forms, HTTP, dependency injection and a CLI built in. It suits large teams that want one prescribed way of doing things, with a steeper learning curve.',
  'blog.frameworksA3':
    'Vue is a progressive framework with single-file components and templates, official router and state libraries, and a gentle learning curve. It sits between the two: more built in than React, lighter than Angular.',
} as const;
