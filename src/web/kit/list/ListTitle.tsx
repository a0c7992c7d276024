import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useGetResourceLabel, useResourceContext } from 'ra-core';

/** The list's name in the top bar (the element react-admin's titles portal into, `#react-admin-title`): its own `title`, or the module's. */
export function ListTitle({ title }: { title?: string }) {
  const resource = useResourceContext();
  const getLabel = useGetResourceLabel();
  const label = title ?? getLabel(resource ?? '', 2);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => setContainer(document.getElementById('react-admin-title')), []);
  return container ? createPortal(<span>{label}</span>, container) : null;
}
