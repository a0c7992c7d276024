import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

/** The page's name in the top bar (the element react-admin's titles portal into, `#react-admin-title`). */
export function PageTitle({ title }: { title: string }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.getElementById('react-admin-title')), []);
  return container ? createPortal(<span>{title}</span>, container) : null;
}
