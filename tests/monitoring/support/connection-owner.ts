import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Which of the given processes opened the TCP connection whose client side uses `clientPort` on
 * this machine (Linux /proc): the socket's inode from /proc/net/tcp, the process holding it from
 * /proc/<pid>/fd, then up the parents to one of `roots`. Undefined when it cannot tell.
 */
export function connectionOwner(clientPort: number, serverPort: number, roots: number[]): number | undefined {
  const inode = socketInode(clientPort, serverPort);
  if (!inode) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (!holdsSocket(entry, inode)) continue;
    for (let pid = Number(entry); pid > 1; pid = parentOf(pid)) if (roots.includes(pid)) return pid;
  }
  return undefined;
}

// The client's end of this very connection: its local port and the server's as remote port. An
// earlier connection that used the same client port may linger in TIME_WAIT, owned by no one (inode 0).
function socketInode(clientPort: number, serverPort: number): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of safeRead(table).split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const inode = columns[9];
      if (columns[1]?.endsWith(`:${hex(clientPort)}`) && columns[2]?.endsWith(`:${hex(serverPort)}`) && inode && inode !== '0') return inode;
    }
  }
  return undefined;
}

function holdsSocket(pid: string, inode: string): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  const match = /^PPid:\s+(\d+)/m.exec(safeRead(`/proc/${pid}/status`));
  return match ? Number(match[1]) : 0;
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
