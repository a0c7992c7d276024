import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useGetResourceLabel, useResourceContext } from 'ra-core';

/** The list's name in the top bar (the element react-admin's titles portal into, `#react-admin-title`). */
export function ListTitle() {
  const resource = useResourceContext();
  const label = useGetResourceLabel()(resource ?? '', 2);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.getElementById('react-admin-title')), []);
  return container ? createPortal(<span>{label}</span>, container) : null;
}
