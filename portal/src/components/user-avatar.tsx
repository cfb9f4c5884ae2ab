import { initials } from './initials';
import './user-avatar.css';

/** The user's picture when one is set, their initials otherwise. */
export function UserAvatar({
  name,
  avatar,
  className = '',
}: {
  name: string;
  avatar: string | null | undefined;
  className?: string;
}) {
  return (
    <span className={`avatar avatar--user ${className}`} aria-hidden="true" data-testid="user-avatar">
      {avatar ? <img className="avatar__img" src={avatar} alt="" data-testid="user-avatar-img" /> : initials(name)}
    </span>
  );
}
