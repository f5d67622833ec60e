// The spec gives two palettes for machine status: the dashboard's and the browse screen's.

/** Dashboard: active and good green; maintenance, low fuel and ok yellow; error red; inactive, sold and anything else grey. */
export function dashboardStatusColor(status: string | null | undefined): 'green' | 'yellow' | 'red' | 'gray' {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'active':
    case 'good':
      return 'green';
    case 'maintenance':
    case 'low fuel':
    case 'ok':
      return 'yellow';
    case 'error':
      return 'red';
    default:
      return 'gray';
  }
}

/** Browse screen: good green; low fuel and ok yellow; sold grey; anything else red. */
export function browseStatusColor(status: string | null | undefined): 'green' | 'yellow' | 'red' | 'gray' {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'good':
      return 'green';
    case 'low fuel':
    case 'ok':
      return 'yellow';
    case 'sold':
      return 'gray';
    default:
      return 'red';
  }
}
