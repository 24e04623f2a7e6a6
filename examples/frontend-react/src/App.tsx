// Two views, by the address's hash: the list of lessons (#/) and the lesson (#/lesson). Going back to the list
// unmounts the lesson, as any router does.
import { useEffect, useState } from 'react';
import { Lesson } from './Lesson';

const route = () => (location.hash === '#/lesson' ? 'lesson' : 'list');

export function App() {
  const [view, setView] = useState(route);
  useEffect(() => {
    const onHash = () => setView(route());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  if (view === 'lesson') return <Lesson />;
  return (
    <main>
      <h1>Lessons</h1>
      <a id="open" href="#/lesson">
        Fractions on a number line
      </a>
    </main>
  );
}
